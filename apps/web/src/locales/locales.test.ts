import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@tolk/shared/languages';

const here = path.dirname(fileURLToPath(import.meta.url));
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const load = (language: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(here, `${language}.json`), 'utf8')) as Tree);
const en = load('en');
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are names, the same in every language. */
const SAME_EVERYWHERE = new Set(['app.name']);

/** Keys each language must have: plural keys expand to that language's plural categories. */
function expectedKeys(language: string): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of en.keys()) {
    if (PLURAL.test(key)) {
      const base = key.replace(PLURAL, '');
      for (const category of categories) keys.add(`${base}_${category}`);
    } else keys.add(key);
  }
  return keys;
}

describe('interface languages', () => {
  it('has exactly one file per interface language', () => {
    const files = fs
      .readdirSync(here)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''))
      .sort();
    expect(files).toEqual([...UI_LANGUAGES].sort());
  });

  describe.each(UI_LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const messages = load(language);

    it('has every key of English and no others', () => {
      const expected = expectedKeys(language);
      const missing = [...expected].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('translates every value (nothing left in English) and keeps the placeholders', () => {
      const untranslated: string[] = [];
      const brokenPlaceholders: string[] = [];
      for (const [key, value] of messages) {
        const source = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
        if (source === undefined) continue;
        if (!value.trim()) untranslated.push(`${key} (empty)`);
        if (value === source && !SAME_EVERYWHERE.has(key) && placeholders(source).join() !== source) {
          untranslated.push(key);
        }
        const expectedPlaceholders = placeholders(source).filter((name) => name !== 'count');
        const actual = placeholders(value).filter((name) => name !== 'count');
        if ([...new Set(actual)].join() !== [...new Set(expectedPlaceholders)].join()) brokenPlaceholders.push(key);
      }
      expect({ untranslated, brokenPlaceholders }).toEqual({ untranslated: [], brokenPlaceholders: [] });
    });
  });
});
