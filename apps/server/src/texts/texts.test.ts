import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@tolk/shared/languages';
import { SERVER_LOCALES, serverTexts } from './index';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = flatten(SERVER_LOCALES.en!);

describe('what the server writes to people', () => {
  it('is in every interface language', () => {
    expect(Object.keys(SERVER_LOCALES).sort()).toEqual([...UI_LANGUAGES].sort());
  });

  describe.each(UI_LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const texts = flatten(SERVER_LOCALES[language]!);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const expected = new Set(
      [...en.keys()].flatMap((key) =>
        PLURAL.test(key) ? categories.map((category) => `${key.replace(PLURAL, '')}_${category}`) : [key],
      ),
    );

    it('has every key of English, translated, with the same placeholders', () => {
      expect([...texts.keys()].sort()).toEqual([...expected].sort());
      for (const [key, value] of texts) {
        const english = en.get(key) ?? en.get(`${key.replace(PLURAL, '')}_other`)!;
        expect(value.trim(), key).not.toBe('');
        expect(value, `${language} ${key} is still English`).not.toBe(english);
        if (!PLURAL.test(key)) expect(placeholders(value), key).toEqual(placeholders(english));
      }
    });
  });

  it('fills placeholders, picks plural forms and falls back to English', () => {
    const { t, language } = serverTexts('es-MX');
    expect(language).toBe('es');
    expect(t('mail.greeting', { name: 'Ana' })).toContain('Ana');
    expect(serverTexts('xx').language).toBe('en');
    expect(serverTexts('en').t('no.such.key')).toBe('no.such.key');
  });

  it('words notifications as the app does: the same texts as the web locales, in every language', () => {
    for (const language of UI_LANGUAGES) {
      const web = JSON.parse(
        readFileSync(new URL(`../../../web/src/locales/${language}.json`, import.meta.url), 'utf8'),
      ) as { notifications: Tree & { events: Tree } };
      const server = SERVER_LOCALES[language]!.notification as Tree;
      expect(server.events, language).toEqual(web.notifications.events);
      for (const key of ['someone', 'somethingNew', 'photo'])
        expect(server[key], language).toBe(web.notifications[key]);
    }
  });
});
