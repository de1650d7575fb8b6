import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import id from './locales/id.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import nb from './locales/nb.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import sl from './locales/sl.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';
import { toUiLanguage } from '@tolk/shared/languages';

/**
 * What the server itself writes to people (mail, and later push), in the 15 interface languages.
 * The app's screens have their own texts (apps/web/src/locales); these are only what leaves the
 * server as words. `texts.test.ts` checks every language has English's keys and placeholders.
 */
type Tree = { [key: string]: string | Tree };
export const SERVER_LOCALES: Record<string, Tree> = { ar, de, en, es, fr, id, it, ja, ko, nb, pt, ru, sl, vi, zh };

const lookup = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

export type ServerT = (key: string, values?: Record<string, string | number>) => string;

/**
 * The texts of a member's language (a regional one falls back to its base, anything unknown to
 * English): `t('mail.reset.subject')`, with `{{name}}` placeholders and, for a `count`, the
 * language's plural form (`key_one`, `key_other`...).
 */
export function serverTexts(language: string): { language: string; t: ServerT } {
  const code = toUiLanguage(language) ?? 'en';
  const tree = SERVER_LOCALES[code] ?? en;
  const plurals = new Intl.PluralRules(code);
  const t: ServerT = (key, values = {}) => {
    const count = values.count;
    const template =
      (typeof count === 'number'
        ? (lookup(tree, `${key}_${plurals.select(count)}`) ?? lookup(tree, `${key}_other`))
        : undefined) ??
      lookup(tree, key) ??
      lookup(en, key) ??
      key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      values[name] === undefined ? whole : String(values[name]),
    );
  };
  return { language: code, t };
}
