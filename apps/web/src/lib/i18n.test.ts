import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { applyDocumentLanguage, chooseUiLanguage, initI18n, loadRestOfLanguage, resolveUiLanguage } from './i18n';

describe('resolveUiLanguage (spec section 4)', () => {
  it('follows the order: global value, stored, current, browser, en', () => {
    expect(resolveUiLanguage({ globalValue: 'ja', stored: 'de', current: 'fr', browser: 'es' })).toBe('ja');
    expect(resolveUiLanguage({ stored: 'de', current: 'fr', browser: 'es' })).toBe('de');
    expect(resolveUiLanguage({ current: 'fr', browser: 'es' })).toBe('fr');
    expect(resolveUiLanguage({ browser: 'es-MX' })).toBe('es');
    expect(resolveUiLanguage({})).toBe('en');
  });

  it('skips values that are no interface language', () => {
    expect(resolveUiLanguage({ globalValue: 'tlh', stored: 'xx', browser: 'ko-KR' })).toBe('ko');
    expect(resolveUiLanguage({ current: 'cimode', browser: 'sv' })).toBe('en');
  });

  it('maps zh-hans to zh and Norwegian variants to nb', () => {
    expect(resolveUiLanguage({ stored: 'zh-hans' })).toBe('zh');
    expect(resolveUiLanguage({ browser: 'no' })).toBe('nb');
  });
});

describe('applyDocumentLanguage', () => {
  it('sets lang and dir, and leaves them alone when the page has them already', async () => {
    applyDocumentLanguage('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    const changed: (string | null)[] = [];
    const observer = new MutationObserver((records) => changed.push(...records.map((record) => record.attributeName)));
    observer.observe(document.documentElement, { attributes: true });
    applyDocumentLanguage('ar');
    await Promise.resolve();
    expect(changed).toEqual([]);
    applyDocumentLanguage('en');
    await Promise.resolve();
    observer.disconnect();
    expect(changed.sort()).toEqual(['dir', 'lang']);
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('initI18n', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.__UI_LANGUAGE__;
  });

  it('stores the resolved language when none is stored yet, and loads only that language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    expect(localStorage.getItem('uiLanguage')).toBeNull();
    await initI18n();
    expect(localStorage.getItem('uiLanguage')).toBe('de');
    expect(i18next.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18next.t('landing.heroTitle')).toBe(de.landing.heroTitle);
    // English is the fallback, yet a German reader's first page does not fetch it.
    expect(i18next.getResourceBundle('en', 'translation') ?? {}).toEqual({});
  });

  it('fetches English as soon as a key is missing from the reader language', async () => {
    localStorage.setItem('uiLanguage', 'de');
    await initI18n();
    expect(i18next.getResourceBundle('en', 'translation') ?? {}).toEqual({});
    // A key German lacks: English is fetched, and the key falls back to it.
    i18next.t('landing.notInGerman');
    await vi.waitFor(() => {
      expect(i18next.getResourceBundle('en', 'translation')).toMatchObject({
        landing: { heroTitle: en.landing.heroTitle },
      });
    });
    expect(i18next.t('landing.heroTitle')).toBe(de.landing.heroTitle);
    expect(i18next.t('app.skipToContent')).toBe(de.app.skipToContent);
  });

  it('keeps a stored language and does not overwrite it', async () => {
    localStorage.setItem('uiLanguage', 'ja');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    await initI18n();
    expect(localStorage.getItem('uiLanguage')).toBe('ja');
    expect(i18next.language).toBe('ja');
  });

  it('stores the global UI-language value when nothing is stored', async () => {
    window.__UI_LANGUAGE__ = 'ko';
    await initI18n();
    expect(localStorage.getItem('uiLanguage')).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
  });

  it('applies a uiLanguage change made in another tab, with rtl for Arabic', async () => {
    localStorage.setItem('uiLanguage', 'en');
    await initI18n();
    expect(i18next.language).toBe('en');
    window.dispatchEvent(new StorageEvent('storage', { key: 'uiLanguage', newValue: 'ar' }));
    await vi.waitFor(() => {
      expect(i18next.language).toBe('ar');
    });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18next.t('landing.heroTitle')).toBe(ar.landing.heroTitle);

    // And back to English, which this tab had not needed while it read Arabic.
    window.dispatchEvent(new StorageEvent('storage', { key: 'uiLanguage', newValue: 'en' }));
    await vi.waitFor(() => {
      expect(i18next.t('landing.heroTitle')).toBe(en.landing.heroTitle);
    });
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('ignores other keys and values that are no interface language', async () => {
    localStorage.setItem('uiLanguage', 'fr');
    await initI18n();
    window.dispatchEvent(new StorageEvent('storage', { key: 'tolk.darkMode', newValue: 'de' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'uiLanguage', newValue: 'tlh' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18next.language).toBe('fr');
  });

  it('chooseUiLanguage stores the choice and switches', async () => {
    localStorage.setItem('uiLanguage', 'sl');
    await initI18n();
    await chooseUiLanguage('zh');
    expect(localStorage.getItem('uiLanguage')).toBe('zh');
    expect(i18next.language).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
  });

  it('at a page start loads only what the first screen shows, and the rest of the language on request', async () => {
    localStorage.setItem('uiLanguage', 'de');
    await initI18n({ firstScreenOnly: true });
    expect(i18next.t('landing.heroTitle')).toBe(de.landing.heroTitle);
    expect(i18next.t('app.skipToContent')).toBe(de.app.skipToContent);
    expect(i18next.getResourceBundle('de', 'translation')).not.toHaveProperty('auth');
    expect(i18next.getResourceBundle('de', 'translation')).not.toHaveProperty('muses');

    // The screen on show had every key it uses: nothing re-renders when the rest lands.
    const added = vi.fn();
    i18next.store.on('added', added);
    await loadRestOfLanguage();
    i18next.store.off('added', added);
    expect(added).not.toHaveBeenCalled();
    expect(i18next.t('auth.signInTitle')).toBe(de.auth.signInTitle);
    expect(i18next.t('landing.heroTitle')).toBe(de.landing.heroTitle);
    // Every section, neither part missing nor doubled.
    expect(Object.keys(i18next.getResourceBundle('de', 'translation') as object).sort()).toEqual(
      Object.keys(de).sort(),
    );
    // The rest was the reader's language: English is still not needed.
    expect(i18next.getResourceBundle('en', 'translation') ?? {}).toEqual({});
  });

  it('brings the rest of the language, not English, for a key asked for before the rest is in', async () => {
    localStorage.setItem('uiLanguage', 'de');
    await initI18n({ firstScreenOnly: true });
    // What shows the missing key re-renders once the rest is in (react-i18next's bindI18nStore).
    const added = vi.fn();
    i18next.store.on('added', added);
    expect(i18next.t('auth.signInTitle')).toBe('auth.signInTitle');
    await vi.waitFor(() => {
      expect(i18next.t('auth.signInTitle')).toBe(de.auth.signInTitle);
    });
    i18next.store.off('added', added);
    expect(added).toHaveBeenCalledWith('de', 'translation', expect.anything());
    expect(i18next.getResourceBundle('en', 'translation') ?? {}).toEqual({});
  });
});
