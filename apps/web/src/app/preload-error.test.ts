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

  it('does not reload while offline: the file is missing for want of a network, not for a new build', () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { href: original.href, pathname: original.pathname, reload },
    });
    handlePreloadErrors();
    window.dispatchEvent(new Event('offline'));
    try {
      const failed = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(failed);
      expect(failed.defaultPrevented).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      window.dispatchEvent(new Event('online'));
    }
    // Online again, a missing file means a new build, as before.
    const afterwards = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(afterwards);
    expect(afterwards.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
