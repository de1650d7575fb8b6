import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('leaves a page already in the mode untouched, so the browser has nothing to restyle', async () => {
    applyDarkMode(true);
    const changes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) changes.push(`${record.target.nodeName} ${record.attributeName ?? ''}`);
    });
    observer.observe(document.documentElement, { attributes: true, subtree: true });
    // Writing the same value counts too (a browser restyles then): the setter must not be called.
    const style = document.documentElement.style;
    const write = vi.fn();
    Object.defineProperty(style, 'colorScheme', { configurable: true, get: () => 'dark', set: write });
    applyDarkMode(true);
    delete (style as { colorScheme?: string }).colorScheme;
    await Promise.resolve();
    expect(write).not.toHaveBeenCalled();
    expect(changes.filter((change) => !change.startsWith('META'))).toEqual([]);
    applyDarkMode(false);
    await Promise.resolve();
    observer.disconnect();
    expect(changes).toEqual(expect.arrayContaining(['BODY class', 'HTML style']));
    expect(document.documentElement.style.colorScheme).toBe('light');
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
      // Another tab stores it (the storage is shared), and this one hears of it.
      localStorage.setItem(STORAGE_KEYS.darkMode, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.darkMode, newValue: 'true' }));
    });
    expect(result.current[0]).toBe(true);
    expect(document.body.classList.contains('dark-mode')).toBe(true);
  });
});

describe("the browser's bar colour (theme-color)", () => {
  beforeEach(() => {
    // index.html's own theme-color tags.
    const indexHtml = fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'),
      'utf8',
    );
    document.head.innerHTML = (indexHtml.match(/<meta name="theme-color"[^>]*>/g) ?? []).join('');
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });
  const themeColors = () =>
    [...document.querySelectorAll('meta[name="theme-color"]')].map(
      (meta) => `${meta.getAttribute('content') ?? ''} for ${meta.getAttribute('media') ?? 'everything'}`,
    );

  it("has a light and a dark colour for the first paint, chosen by the system's scheme", () => {
    expect(themeColors()).toEqual([
      '#0f766e for (prefers-color-scheme: light)',
      '#172120 for (prefers-color-scheme: dark)',
    ]);
  });

  it("then follows the app's own mode, also against the system's", () => {
    applyDarkMode(true);
    expect(themeColors()).toEqual(['#0f766e for not all', '#172120 for all']);
    applyDarkMode(false);
    expect(themeColors()).toEqual(['#0f766e for all', '#172120 for not all']);
  });

  it('changes with the dark mode switch and with another tab', () => {
    prefersDark(false);
    // As the app's start does (main.tsx).
    applyDarkMode(readDarkMode());
    const { result } = renderHook(() => useDarkMode());
    expect(themeColors()).toEqual(['#0f766e for all', '#172120 for not all']);
    act(() => {
      result.current[1]();
    });
    expect(themeColors()).toEqual(['#0f766e for not all', '#172120 for all']);
    act(() => {
      // Another tab stores it (the storage is shared), and this one hears of it.
      localStorage.setItem(STORAGE_KEYS.darkMode, 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.darkMode, newValue: 'false' }));
    });
    expect(themeColors()).toEqual(['#0f766e for all', '#172120 for not all']);
  });
});
