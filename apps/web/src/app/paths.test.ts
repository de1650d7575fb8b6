import { describe, expect, it } from 'vitest';
import { isCompactPath, isImmersivePath, shellLayout } from './paths';

describe('shell layout by path', () => {
  it('is tighter on the spec section 2 paths and full elsewhere', () => {
    for (const path of [
      '/person',
      '/place/3',
      '/thing',
      '/account/page',
      '/muse',
      '/muses/1',
      '/interpret',
      '/connect',
    ])
      expect(isCompactPath(path)).toBe(true);
    for (const path of ['/', '/home', '/profile', '/signin', '/cookie-policy', '/notifications/settings'])
      expect(isCompactPath(path)).toBe(false);
  });

  it('lets only the plaza, /interpret/{id}, take the whole screen', () => {
    expect(isImmersivePath('/interpret/0b7f1c9e-1d2a-4c1e-9f61-3f1c2b4a5d6e')).toBe(true);
    expect(isImmersivePath('/Interpret/abc/')).toBe(true);
    for (const path of ['/interpret', '/interpret/', '/interpret/join', '/interpret/abc/def', '/muses/1', '/home'])
      expect(isImmersivePath(path)).toBe(false);
  });

  it('goes immersive only when the screen asks and the path allows it', () => {
    expect(shellLayout('/interpret/abc', true)).toBe('immersive');
    expect(shellLayout('/interpret/abc', false)).toBe('compact');
    expect(shellLayout('/interpret/abc')).toBe('compact');
    expect(shellLayout('/muses/1', true)).toBe('compact');
    expect(shellLayout('/home', true)).toBe('full');
    expect(shellLayout('/home')).toBe('full');
  });
});
