/**
 * Arabic script to Latin with a simple table, close to the common chat romanisation without
 * digits for sounds: one letter or digraph per consonant, short vowels where the text has its
 * marks (مَرْحَبًا -> marhaban), long vowels from alif, waw and ya. Unvowelled text gives its
 * consonant skeleton with long vowels (مرحبا -> mrhba), which is what the letters say.
 * Persian and Urdu letters are included.
 *
 * Hand-written rather than a library (DESIGN names one): a readable chat romanisation is one
 * small table, pinned case by case in transliterate.test.ts, with no dependency for the server.
 */

const SHADDA = '\u0651';
const SUKUN = '\u0652';
const TANWIN: Record<string, string> = { '\u064b': 'an', '\u064c': 'un', '\u064d': 'in' };
/** Fatha, damma and kasra. */
const SHORT_VOWELS: Record<string, string> = { '\u064e': 'a', '\u064f': 'u', '\u0650': 'i' };
const TATWEEL = '\u0640';

const LETTERS: Record<string, string> = {
  ء: "'",
  آ: 'aa',
  أ: 'a',
  إ: 'i',
  ؤ: "'",
  ئ: "'",
  ا: 'a',
  ب: 'b',
  ة: 'a',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: "'",
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ى: 'a',
  ي: 'y',
  ٱ: 'a',
  // Persian and Urdu.
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  ک: 'k',
  گ: 'g',
  ی: 'y',
  ۀ: 'e',
  ٹ: 't',
  ڈ: 'd',
  ڑ: 'r',
  ں: 'n',
  ھ: 'h',
  ہ: 'h',
  ے: 'e',
  // Punctuation with Latin counterparts.
  '،': ',',
  '؛': ';',
  '؟': '?',
  '٪': '%',
};

const isArabicLetter = (char: string | undefined) => char !== undefined && char in LETTERS && /\p{L}/u.test(char);
const isMark = (char: string | undefined) => char !== undefined && /[\u064b-\u0652\u0670]/.test(char);

export function romanizeArabic(text: string): string {
  // Code points, not graphemes: the vowel marks must come apart from their letters.
  const chars = Array.from(text.replaceAll(TATWEEL, ''));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const previous = chars[i - 1];
    const code = char.codePointAt(0) ?? 0;
    // Arabic-Indic and Persian digits.
    if (code >= 0x660 && code <= 0x669) {
      out += String(code - 0x660);
      continue;
    }
    if (code >= 0x6f0 && code <= 0x6f9) {
      out += String(code - 0x6f0);
      continue;
    }
    if (char in SHORT_VOWELS) {
      out += SHORT_VOWELS[char] ?? '';
      continue;
    }
    if (char in TANWIN) {
      out += TANWIN[char] ?? '';
      // The alif that carries -an is silent: مَرْحَبًا -> marhaban, not marhabana.
      if (chars[i + 1] === 'ا' || chars[i + 1] === 'ى') i++;
      continue;
    }
    if (char === SUKUN || char === SHADDA || char === '\u0670') {
      if (char === '\u0670') out += 'a';
      continue;
    }
    let latin = LETTERS[char];
    if (latin === undefined) {
      out += char;
      continue;
    }
    const wordStart = !isArabicLetter(previous) && !isMark(previous);
    // The article: ال at the start of a word is al- (السلام -> al-salam).
    if (char === 'ا' && wordStart && chars[i + 1] === 'ل' && isArabicLetter(chars[i + 2])) {
      out += 'al-';
      i++;
      continue;
    }
    // Waw and ya between consonants are the long vowels u and i; elsewhere w and y.
    if ((char === 'و' || char === 'ي' || char === 'ی') && !wordStart && isArabicLetter(previous)) {
      const next = chars[i + 1];
      const vowelFollows = isMark(next) && next !== SUKUN && next !== SHADDA;
      if (!vowelFollows && previous !== 'ا') latin = char === 'و' ? 'u' : 'i';
    }
    // Shadda doubles its letter; NFC puts it after the vowel mark, so look past the marks.
    let next = i + 1;
    while (isMark(chars[next]) && chars[next] !== SHADDA) next++;
    out += chars[next] === SHADDA ? latin + latin : latin;
  }
  return out;
}
