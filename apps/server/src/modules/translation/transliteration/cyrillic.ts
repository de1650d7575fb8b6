/**
 * Cyrillic to Latin. Russian (and by default any Cyrillic text) follows BGN/PCGN without the
 * apostrophes for the soft and hard signs, the spelling readers know from maps and passports:
 * Привет -> Privet, Щука -> Shchuka, Ельцин -> Yeltsin. Ukrainian and Belarusian use their own
 * national tables; Serbian and Macedonian their official Latin alphabets.
 *
 * Hand-written rather than a library (DESIGN names one): the per-language tables are a few
 * dozen lines, each is pinned by transliterate.test.ts, and the server carries no dependency for it.
 */

const RUSSIAN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Letters of other Cyrillic alphabets met in Russian-tagged text.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'w',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dzh',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

const UKRAINIAN: Record<string, string> = {
  ...RUSSIAN,
  г: 'h',
  ґ: 'g',
  е: 'e',
  є: 'ie',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  х: 'kh',
  щ: 'shch',
  ю: 'iu',
  я: 'ia',
  ь: '',
};

/** At the start of a word, the national table writes the iotated vowels with y. */
const UKRAINIAN_INITIAL: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

const BELARUSIAN: Record<string, string> = { ...RUSSIAN, г: 'h', і: 'i', ў: 'w', е: 'ie', ё: 'io', ю: 'iu', я: 'ia' };

const SERBIAN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ђ: 'đ',
  е: 'e',
  ж: 'ž',
  з: 'z',
  и: 'i',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'ć',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'č',
  џ: 'dž',
  ш: 'š',
};

const MACEDONIAN: Record<string, string> = { ...SERBIAN, ѓ: 'gj', ќ: 'kj', ѕ: 'dz', џ: 'dž' };

const BULGARIAN: Record<string, string> = { ...RUSSIAN, щ: 'sht', ъ: 'a', ь: 'y', ю: 'yu', я: 'ya', х: 'h' };

const TABLES: Record<string, Record<string, string>> = {
  uk: UKRAINIAN,
  be: BELARUSIAN,
  sr: SERBIAN,
  mk: MACEDONIAN,
  bg: BULGARIAN,
};

const VOWELS = new Set('аеёиоуыэюяіїєaeiouy');

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase() && char === char.toUpperCase();
}

/** Ж -> Zh in a capitalised word, ZH in one written all in capitals. */
function withCase(latin: string, source: string, previous: string | undefined, next: string | undefined): string {
  if (!isUpper(source) || !latin) return latin;
  if (latin.length > 1 && (isUpper(next) || (next === undefined && isUpper(previous)))) return latin.toUpperCase();
  return latin[0]!.toUpperCase() + latin.slice(1);
}

export function romanizeCyrillic(text: string, language?: string): string {
  const table = (language && TABLES[language]) || RUSSIAN;
  const chars = Array.from(text);
  let out = '';
  chars.forEach((char, i) => {
    const lower = char.toLowerCase();
    let latin = table[lower];
    if (latin === undefined) {
      out += char;
      return;
    }
    const previous = chars[i - 1];
    const wordStart = previous === undefined || !/\p{L}/u.test(previous);
    if (table === RUSSIAN) {
      // BGN/PCGN: е is ye at the start of a word and after a vowel or a sign (Ельцин, моё -> moyo).
      const afterVowelOrSign =
        previous !== undefined && (VOWELS.has(previous.toLowerCase()) || /[ъьЪЬ]/.test(previous));
      if (lower === 'е' && (wordStart || afterVowelOrSign)) latin = 'ye';
    } else if (table === UKRAINIAN && wordStart) {
      latin = UKRAINIAN_INITIAL[lower] ?? latin;
    }
    out += withCase(latin, char, previous, chars[i + 1]);
  });
  return out;
}
