import { describe, expect, it } from 'vitest';
import { LiveCallers } from './live-callers';

const caller = (sessionId: string, accountId = 'a1', expiresInMs = 60_000, now = 0) => ({
  sessionId,
  accountId,
  expiresAt: new Date(now + expiresInMs),
});

describe('live callers', () => {
  it('keeps a caller for the window, and not past it or past the session’s end', () => {
    let now = 0;
    const cache = new LiveCallers(5_000, 10, () => now);
    cache.set('t1', caller('s1'));
    cache.set('t2', caller('s2', 'a1', 3_000));
    now = 2_000;
    expect(cache.get('t1')?.sessionId).toBe('s1');
    now = 3_000;
    expect(cache.get('t2')).toBeUndefined();
    now = 5_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets revoked sessions and a changed account at once', () => {
    const cache = new LiveCallers(60_000, 10, () => 0);
    cache.set('t1', caller('s1', 'a1'));
    cache.set('t2', caller('s2', 'a1'));
    cache.set('t3', caller('s3', 'a2'));
    cache.forgetSessions(['s2']);
    expect([cache.get('t1')?.sessionId, cache.get('t2'), cache.get('t3')?.sessionId]).toEqual(['s1', undefined, 's3']);
    cache.forgetAccount('a1');
    expect([cache.get('t1'), cache.get('t3')?.sessionId]).toEqual([undefined, 's3']);
  });

  it('holds at most its capacity, dropping the oldest, and nothing with a window of 0', () => {
    const cache = new LiveCallers(60_000, 2, () => 0);
    cache.set('t1', caller('s1'));
    cache.set('t2', caller('s2'));
    cache.set('t3', caller('s3'));
    expect([cache.get('t1'), cache.get('t2')?.sessionId, cache.get('t3')?.sessionId]).toEqual([undefined, 's2', 's3']);
    const off = new LiveCallers(0, 2, () => 0);
    off.set('t1', caller('s1'));
    expect(off.size).toBe(0);
  });
});
