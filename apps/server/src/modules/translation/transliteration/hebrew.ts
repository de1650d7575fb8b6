/**
 * Hebrew to Latin, close to the common simplified romanisation (shalom, toda, Tel Aviv): a small
 * table because any-ascii reads letter by letter without Hebrew's rules (שלום -> "slvm": shin as
 * s, the vowel letter vav as v). Vowel points are read where the text has them (שָׁלוֹם ->
 * shalom); unpointed text gives its consonants with the vowel letters read as vowels (שלום ->
 * shlom), which is what the letters say.
 */

const CONSONANTS: Record<string, string> = {
  א: '',
  ב: 'v',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ז: 'z',
  ח: 'kh',
  ט: 't',
  כ: 'kh',
  ך: 'kh',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: '',
  פ: 'f',
  ף: 'f',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
};

/** With a dagesh, or first in a word: the hard sound. */
const HARD: Record<string, string> = { ב: 'b', כ: 'k', פ: 'p' };

const POINTS: Record<string, string> = {
  '\u05B1': 'e',
  '\u05B2': 'a',
  '\u05B3': 'o',
  '\u05B4': 'i',
  '\u05B5': 'e',
  '\u05B6': 'e',
  '\u05B7': 'a',
  '\u05B8': 'a',
  '\u05B9': 'o',
  '\u05BA': 'o',
  '\u05BB': 'u',
};

const DAGESH = '\u05BC';
const SHIN_DOT = '\u05C1';
const SIN_DOT = '\u05C2';
const HOLAM = '\u05B9';
const LETTER = /[\u05D0-\u05EA]/;
const MARKS = /[\u0591-\u05C7]/;
const VOWEL_END = /[aeiou]$/;

interface Letter {
  char: string;
  marks: string;
}

function romanizeWord(word: Letter[]): string {
  let out = '';
  word.forEach(({ char, marks }, i) => {
    const first = i === 0;
    const last = i === word.length - 1;
    const next = word[i + 1]?.char;
    const prev = word[i - 1]?.char;
    const vowel = Array.from(marks, (mark) => POINTS[mark] ?? '').join('');
    let latin: string;
    if (char === 'ו') {
      if (marks.includes(HOLAM)) latin = 'o';
      else if (marks.includes(DAGESH) && !vowel) latin = 'u';
      else if (first || next === 'ו' || prev === 'ו' || vowel) latin = 'v';
      else latin = 'o';
    } else if (char === 'י') {
      latin = first || next === 'י' || prev === 'י' || vowel ? 'y' : VOWEL_END.test(out) ? '' : 'i';
    } else if (char === 'ה' && last && !marks.includes(DAGESH)) {
      // A word-final he is a vowel (toda, shana), silent after a written one.
      latin = VOWEL_END.test(out) ? '' : 'a';
    } else if ((char === 'א' || char === 'ע') && first && !vowel) {
      // A word-initial alef or ayin carries a vowel the letters do not write: mostly a (ani, aviv).
      latin = next === 'ו' || next === 'י' ? '' : 'a';
    } else if (char === 'ש' && marks.includes(SIN_DOT)) {
      latin = 's';
    } else if (char === 'ש' && marks.includes(SHIN_DOT)) {
      latin = 'sh';
    } else {
      latin = (HARD[char] !== undefined && (first || marks.includes(DAGESH)) ? HARD[char] : CONSONANTS[char]) ?? char;
    }
    out += latin + (char === 'ו' && (latin === 'o' || latin === 'u') ? '' : vowel);
  });
  return out;
}

export function romanizeHebrew(text: string): string {
  let out = '';
  let word: Letter[] = [];
  const flush = () => {
    if (word.length) out += romanizeWord(word);
    word = [];
  };
  for (const char of text) {
    if (LETTER.test(char)) word.push({ char, marks: '' });
    else if (MARKS.test(char)) {
      const last = word.at(-1);
      if (last) last.marks += char;
    } else {
      flush();
      out += char === '\u05BE' ? '-' : char === '\u05F3' || char === '\u05F4' ? '' : char;
    }
  }
  flush();
  return out;
}
