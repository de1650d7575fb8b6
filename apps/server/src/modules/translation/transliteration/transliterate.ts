import anyAscii from 'any-ascii';
import { romanizeArabic } from './arabic';
import { romanizeChinese } from './chinese';
import { romanizeCyrillic } from './cyrillic';
import { romanizeHebrew } from './hebrew';
import { romanizeJapanese } from './japanese';
import { romanizeKorean } from './korean';

type Script = 'han' | 'kana' | 'hangul' | 'cyrillic' | 'arabic' | 'hebrew' | 'other';

const SCRIPTS: ReadonlyArray<readonly [Script, RegExp]> = [
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['han', /\p{Script=Han}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
];

/** Letters of a script other than Latin (and other than the common and inherited marks). */
const NON_LATIN_LETTER = /(?![\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}])\p{L}/u;

/** Below U+0370 every letter is Latin, common or inherited: most chat text never needs the regex. */
function latinOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x370) return !NON_LATIN_LETTER.test(text);
  return true;
}

function scriptsIn(text: string): Set<Script> {
  const found = new Set<Script>();
  if (latinOnly(text)) return found;
  for (const char of text) {
    if (!NON_LATIN_LETTER.test(char)) continue;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
    found.add(script);
  }
  return found;
}

/** Whether a text has letters outside the Latin script, so a reading of it is worth making. */
export const hasReading = (text: string): boolean => scriptsIn(text).size > 0;

/**
 * Loads what transliteration loads on first use (Japanese's dictionary, on its own thread, about two
 * seconds), so no member's muse waits for it. Start-up calls it in the background.
 */
export async function warmTransliteration(): Promise<void> {
  await romanizeJapanese('日本');
}

/**
 * A Latin-script reading of a text for readers who do not know its script, or null when there
 * is nothing to transliterate (the text is in Latin script already, or has no letters).
 * `language` settles what the script cannot: kanji-only text is Japanese when the language is
 * ja, Cyrillic follows the language's own table.
 */
export async function transliterate(text: string, language?: string): Promise<string | null> {
  const scripts = scriptsIn(text);
  if (scripts.size === 0) return null;
  let out = text;
  // Japanese first: kanji in Japanese text must be read as Japanese, not as Mandarin.
  if (scripts.has('kana') || (scripts.has('han') && language === 'ja')) out = await romanizeJapanese(out);
  if (scriptsIn(out).has('han')) out = romanizeChinese(out);
  if (scripts.has('hangul')) out = romanizeKorean(out);
  if (scripts.has('cyrillic')) out = romanizeCyrillic(out, language);
  if (scripts.has('arabic')) out = romanizeArabic(out);
  if (scripts.has('hebrew')) out = romanizeHebrew(out);
  // Greek, Thai, Devanagari and the rest, and anything the tables above left.
  if (scriptsIn(out).size > 0) out = anyAscii(out);
  return out;
}
