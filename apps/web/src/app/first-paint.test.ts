import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { FIRST_PAINT_KEYS, firstPaint, firstPaintScript } from './first-paint';

function page(prerendered?: string, lang = 'es') {
  const html = document.documentElement;
  html.lang = lang;
  if (prerendered) html.dataset.prerendered = prerendered;
}

afterEach(() => {
  localStorage.clear();
  const html = document.documentElement;
  delete html.dataset.prerendered;
  delete html.dataset.firstPaint;
  delete html.dataset.app;
  document.head.innerHTML = '';
  html.className = '';
  html.style.colorScheme = '';
  document.body.className = '';
  delete window.__UI_LANGUAGE__;
});

describe('firstPaint', () => {
  it('darkens the page before its first paint when dark mode is stored on, and leaves it light when off', () => {
    localStorage.setItem(STORAGE_KEYS.darkMode, 'true');
    firstPaint(FIRST_PAINT_KEYS);
    expect(document.body.classList.contains('dark-mode')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    document.body.className = '';
    localStorage.setItem(STORAGE_KEYS.darkMode, 'false');
    firstPaint(FIRST_PAINT_KEYS);
    expect(document.body.classList.contains('dark-mode')).toBe(false);
    // Set either way, as the app sets it (lib/dark-mode.ts), so the app need not touch it.
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('keeps a page rendered ahead for a guest whose language is the page’s, hiding the cookie banner they answered', () => {
    page('landing');
    localStorage.setItem(STORAGE_KEYS.uiLanguage, 'es');
    localStorage.setItem(STORAGE_KEYS.cookieConsent, '{"version":1}');
    firstPaint(FIRST_PAINT_KEYS);
    expect(document.documentElement.dataset.firstPaint).toBeUndefined();
    expect(document.documentElement.classList.contains('cookies-answered')).toBe(true);
  });

  it('marks it stale for another stored language, a host page’s pinned one, or a signed-in member, and fetches the app at once', () => {
    document.documentElement.dataset.app = '/assets/main-1.js /assets/react-2.js';
    for (const set of [
      () => {
        localStorage.setItem(STORAGE_KEYS.uiLanguage, 'ar');
      },
      () => {
        window.__UI_LANGUAGE__ = 'ko';
      },
      () => {
        localStorage.setItem(STORAGE_KEYS.loginResponse, '{"isloggedin":true}');
      },
    ]) {
      page('signin');
      set();
      firstPaint(FIRST_PAINT_KEYS);
      expect(document.documentElement.dataset.firstPaint).toBe('stale');
      const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
      expect(preloads.map((link) => new URL(link.href).pathname)).toEqual(['/assets/main-1.js', '/assets/react-2.js']);
      afterEachReset();
    }
  });

  it('keeps the page and fetches nothing more for a guest it fits', () => {
    page('landing');
    document.documentElement.dataset.app = '/assets/main-1.js';
    firstPaint(FIRST_PAINT_KEYS);
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
  });

  it('leaves a page not rendered ahead alone', () => {
    localStorage.setItem(STORAGE_KEYS.uiLanguage, 'ar');
    firstPaint(FIRST_PAINT_KEYS);
    expect(document.documentElement.dataset.firstPaint).toBeUndefined();
  });

  it('is written into the page as a self-contained script that runs on its own', () => {
    page('landing');
    localStorage.setItem(STORAGE_KEYS.uiLanguage, 'de');
    // As the browser runs it: the text alone in a script element, nothing imported.
    const script = document.createElement('script');
    script.textContent = firstPaintScript();
    document.body.append(script);
    expect(document.documentElement.dataset.firstPaint).toBe('stale');
  });
});

function afterEachReset() {
  document.head.innerHTML = '';
  localStorage.clear();
  delete document.documentElement.dataset.firstPaint;
  delete window.__UI_LANGUAGE__;
}
