import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlePreloadErrors } from './preload-error';

const original = window.location;

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: original });
});

describe('vite:preloadError', () => {
  it('reloads once to pick up a new build, then lets the error through instead of looping', () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { href: original.href, pathname: original.pathname, reload },
    });
    handlePreloadErrors();

    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again at once: no second reload, the error reaches the boundary.
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
