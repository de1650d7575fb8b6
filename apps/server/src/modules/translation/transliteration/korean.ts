/**
 * Revised Romanization of Korean (2000), from the pronunciation: syllables are decomposed into
 * initial, vowel and final jamo, the main sound changes across syllable boundaries are applied
 * (linking, ㅎ aspiration and elision, nasalisation, ㄹ assimilation, palatalisation), then each
 * jamo is written in Latin letters. Rules never cross a space.
 *
 * Hand-written rather than a library (DESIGN names one): the rules fit in this file, each sound
 * change is pinned by a word in transliterate.test.ts, and the server carries no dependency for it.
 */

const SYLLABLE_FIRST = 0xac00;

// Initial consonants by their index among the 19 (Unicode order); ㄸ, ㅃ and ㅉ need no rule.
const G = 0;
const KK = 1;
const N = 2;
const D = 3;
const R = 5;
const M = 6;
const B = 7;
const S = 9;
const SS = 10;
const NG = 11;
const J = 12;
const CH = 14;
const K = 15;
const T = 16;
const P = 17;
const H = 18;
const INITIAL_LATIN = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];

const VOWEL_LATIN = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const VOWEL_I = 20;

/**
 * Finals, in Unicode order, as [the consonant that stays, the one that links to a following
 * vowel] in initial-consonant numbering (-1: none). A cluster keeps its first and links its second.
 */
const FINALS: ReadonlyArray<readonly [number, number]> = [
  [-1, -1], // none
  [-1, G], // ㄱ
  [-1, KK], // ㄲ
  [G, S], // ㄳ
  [-1, N], // ㄴ
  [N, J], // ㄵ
  [N, H], // ㄶ
  [-1, D], // ㄷ
  [-1, R], // ㄹ
  [R, G], // ㄺ
  [R, M], // ㄻ
  [R, B], // ㄼ
  [R, S], // ㄽ
  [R, T], // ㄾ
  [R, P], // ㄿ
  [R, H], // ㅀ
  [-1, M], // ㅁ
  [-1, B], // ㅂ
  [B, S], // ㅄ
  [-1, S], // ㅅ
  [-1, SS], // ㅆ
  [-1, NG], // ㅇ
  [-1, J], // ㅈ
  [-1, CH], // ㅊ
  [-1, K], // ㅋ
  [-1, T], // ㅌ
  [-1, P], // ㅍ
  [-1, H], // ㅎ
];

/** How a final consonant sounds before a pause or another consonant: one of 7. */
type Coda = 'k' | 'n' | 't' | 'l' | 'm' | 'p' | 'ng' | '';

function codaOf(consonant: number): Coda {
  switch (consonant) {
    case G:
    case KK:
    case K:
      return 'k';
    case N:
      return 'n';
    case D:
    case S:
    case SS:
    case J:
    case CH:
    case T:
    case H:
      return 't';
    case R:
      return 'l';
    case M:
      return 'm';
    case B:
    case P:
      return 'p';
    case NG:
      return 'ng';
    default:
      return '';
  }
}

/** The sound a cluster keeps before a consonant: ㄺ and ㄻ and ㄿ keep their second (닭 dak, 삶 sam). */
function codaOfFinal(final: number): Coda {
  switch (final) {
    case 9: // ㄺ
      return 'k';
    case 10: // ㄻ
      return 'm';
    case 14: // ㄿ
      return 'p';
    default: {
      const [kept, linked] = FINALS[final] ?? [-1, -1];
      return codaOf(kept >= 0 ? kept : linked);
    }
  }
}

interface Syllable {
  initial: number;
  vowel: number;
  /** How the syllable ends, after the sound changes. */
  coda: Coda;
  /** Index into FINALS, before any change; 0 when none. */
  final: number;
}

const ASPIRATED: Partial<Record<number, number>> = { [G]: K, [D]: T, [B]: P, [J]: CH };
const CODA_ASPIRATED: Partial<Record<Coda, number>> = { k: K, t: T, p: P };

/** Applies the sound change at the boundary between `a` and the following `b`. */
function join(a: Syllable, b: Syllable): void {
  const [kept, linked] = FINALS[a.final] ?? [-1, -1];
  if (a.final === 0) return;

  if (b.initial === NG) {
    // A final before a vowel is said at the start of the next syllable; ㅎ falls silent.
    if (linked === H) {
      a.coda = kept >= 0 ? codaOf(kept) : '';
      return;
    }
    if (linked === NG) return;
    // Palatalisation: 같이 gachi, 굳이 guji.
    if (b.vowel === VOWEL_I && kept < 0 && (linked === D || linked === T)) {
      b.initial = linked === D ? J : CH;
      a.coda = '';
      return;
    }
    b.initial = linked;
    a.coda = kept >= 0 ? codaOf(kept) : '';
    return;
  }

  // ㅎ with a plain stop makes it aspirated, whichever side it is on: 좋고 joko, 축하 chuka.
  if (linked === H) {
    const aspirated = ASPIRATED[b.initial];
    if (aspirated !== undefined) {
      b.initial = aspirated;
      a.coda = kept >= 0 ? codaOf(kept) : '';
      return;
    }
    if (b.initial === S) {
      b.initial = SS;
      a.coda = kept >= 0 ? codaOf(kept) : '';
      return;
    }
    if (b.initial === N) a.coda = kept >= 0 ? codaOf(kept) : 'n';
  }
  if (b.initial === H) {
    const aspirated = CODA_ASPIRATED[a.coda];
    if (aspirated !== undefined) {
      b.initial = aspirated === T && a.final === 22 /* ㅈ */ ? CH : aspirated;
      a.coda = kept >= 0 ? codaOf(kept) : '';
      return;
    }
  }

  // ㄹ after any consonant but ㄹ and ㄴ is said ㄴ (종로 jongno, 백로 baengno)...
  if (b.initial === R && a.coda !== 'l' && a.coda !== 'n' && a.coda !== '') b.initial = N;
  // ...ㄴ next to ㄹ becomes ㄹ (신라 silla, 설날 seollal).
  if (b.initial === R && a.coda === 'n') a.coda = 'l';
  if (b.initial === N && a.coda === 'l') b.initial = R;

  // Stops before a nasal become nasals: 국물 gungmul, 있는 inneun, 합니다 hamnida.
  if (b.initial === N || b.initial === M) {
    if (a.coda === 'k') a.coda = 'ng';
    else if (a.coda === 't') a.coda = 'n';
    else if (a.coda === 'p') a.coda = 'm';
  }
}

function romanizeWord(syllables: Syllable[]): string {
  for (let i = 0; i + 1 < syllables.length; i++) join(syllables[i]!, syllables[i + 1]!);
  let out = '';
  syllables.forEach((syllable, i) => {
    const previous = syllables[i - 1];
    // ㄹㄹ is written ll; an ㄹ after a vowel is r.
    const initial = syllable.initial === R && previous?.coda === 'l' ? 'l' : (INITIAL_LATIN[syllable.initial] ?? '');
    out += initial + (VOWEL_LATIN[syllable.vowel] ?? '') + syllable.coda;
  });
  return out;
}

function decompose(char: string): Syllable {
  const index = (char.codePointAt(0) ?? SYLLABLE_FIRST) - SYLLABLE_FIRST;
  const final = index % 28;
  return {
    initial: Math.floor(index / 588),
    vowel: Math.floor((index % 588) / 28),
    final,
    coda: codaOfFinal(final),
  };
}

/** Romanizes every run of Hangul syllables; anything else is left as it is. */
export function romanizeKorean(text: string): string {
  return text.replace(/[\uac00-\ud7a3]+/g, (run) => romanizeWord(Array.from(run, decompose)));
}
