import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyDarkMode, readDarkMode, useDarkMode } from './dark-mode';
import { STORAGE_KEYS } from './storage-keys';

function prefersDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.classList.remove('dark-mode');
});

describe('dark mode storage (spec section 1)', () => {
  it("reads the stored text 'true' and 'false', whatever the system prefers", () => {
    prefersDark(false);
    localStorage.setItem(STORAGE_KEYS.darkMode, 'true');
    expect(readDarkMode()).toBe(true);
    prefersDark(true);
    localStorage.setItem(STORAGE_KEYS.darkMode, 'false');
    expect(readDarkMode()).toBe(false);
  });

  it('follows the system preference while nothing is stored', () => {
    prefersDark(true);
    expect(readDarkMode()).toBe(true);
    prefersDark(false);
    expect(readDarkMode()).toBe(false);
  });

  it('puts the dark-mode class on the body and takes it off again', () => {
    applyDarkMode(true);
    expect(document.body.classList.contains('dark-mode')).toBe(true);
    applyDarkMode(false);
    expect(document.body.classList.contains('dark-mode')).toBe(false);
  });

  it("toggling stores 'true' or 'false' and sets body.dark-mode", () => {
    prefersDark(false);
    const { result } = renderHook(() => useDarkMode());
    expect(result.current[0]).toBe(false);
    expect(document.body.classList.contains('dark-mode')).toBe(false);

    act(() => {
      result.current[1]();
    });
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('true');
    expect(document.body.classList.contains('dark-mode')).toBe(true);

    act(() => {
      result.current[1]();
    });
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('false');
    expect(document.body.classList.contains('dark-mode')).toBe(false);
  });

  it('applies a change made in another tab', () => {
    prefersDark(false);
    const { result } = renderHook(() => useDarkMode());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.darkMode, newValue: 'true' }));
    });
    expect(result.current[0]).toBe(true);
    expect(document.body.classList.contains('dark-mode')).toBe(true);
  });
});
