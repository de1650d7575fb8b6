import { eld } from 'eld/medium';
import { detectAll } from 'tinyld/heavy';
import { FALLBACK_LANGUAGE, TRANSLATION_LANGUAGES, toTranslationLanguage } from '@tolk/shared/languages';
import { splitProtected } from './protected-text';

export interface Detection {
  language: string;
  /** How sure detection is, 0..1 (see `judge`); null when the language was given. */
  confidence: number | null;
  method: 'given' | 'detected' | 'fallback';
}

/** Below this a guess is not acted on: the caller's profile language is used instead. */
export const MIN_CONFIDENCE = 0.5;
/** Fewer letters than this is a greeting or a name: too little to tell languages apart. */
export const MIN_LETTERS = 6;
/** One script, one language (Hangul, kana): as sure for two letters as for two hundred. */
const CERTAIN = 0.99;
/**
 * eld's lead over its runner-up, as a share of its own score, that counts as sure on its own
 * (Slovenian, which tinyld does not know). Measured on chat sentences: right answers for sl had
 * a lead of 0.07 and more, its hr/sl confusions under 0.01.
 */
const ELD_SURE_LEAD = 0.05;

// Both detectors speak ISO 639-1 and call Norwegian "no"; asking only about languages we translate
// keeps them from answering Latin or Klingon.
const CANDIDATES = TRANSLATION_LANGUAGES.map((code) => (code === 'nb' ? 'no' : code));
eld.setLanguageSubset(CANDIDATES);

const SINGLE_SCRIPT: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
];

interface Guess {
  language: string;
  confidence: number;
}

/**
 * Two detectors, because each has a hole the other fills: eld knows Slovenian, which tinyld
 * lacks (it reads Slovenian as Serbian, Czech or Estonian with full confidence); tinyld knows
 * Indonesian, which eld lacks (it reads it as Malay), and is surer on short Cyrillic and
 * Norwegian text. When they agree the guess is taken; when only eld can know (Slovenian) its
 * lead must be clear; any other disagreement is "not sure".
 */
function judge(words: string): Guess | undefined {
  for (const [script, language] of SINGLE_SCRIPT) if (script.test(words)) return { language, confidence: CERTAIN };
  if (/\p{Script=Han}/u.test(words) && !/[\p{Script=Latin}\p{Script=Cyrillic}]/u.test(words)) {
    return { language: 'zh', confidence: CERTAIN };
  }
  const scores = Object.entries(eld.detect(words).getScores()).sort((a, b) => b[1] - a[1]);
  const [first, second] = scores;
  const tiny = detectAll(words, { only: CANDIDATES })[0];
  if (!first) return tiny ? { language: tiny.lang, confidence: tiny.accuracy / 2 } : undefined;
  const lead = second ? (first[1] - second[1]) / first[1] : 1;
  let language = first[0];
  // eld has no Indonesian: Malay to eld is Indonesian or Malay, and tinyld tells them apart.
  if (language === 'ms') language = detectAll(words, { only: ['id', 'ms'] })[0]?.lang ?? 'ms';
  const eldCertainty = Math.min(1, lead / (2 * ELD_SURE_LEAD));
  if (tiny?.lang === language) return { language, confidence: 0.5 + Math.max(tiny.accuracy, eldCertainty) / 2 };
  if (language === 'sl') return { language, confidence: eldCertainty };
  return { language, confidence: 0 };
}

export function detectLanguage(text: string, options: { from?: string; fallback?: string } = {}): Detection {
  if (options.from) return { language: options.from, confidence: null, method: 'given' };
  const fallback: Detection = {
    language: toTranslationLanguage(options.fallback) ?? FALLBACK_LANGUAGE,
    confidence: null,
    method: 'fallback',
  };
  // URLs, names after @ and code say nothing about the language around them.
  const words = splitProtected(text)
    .filter((part) => part.kind === 'text')
    .map((part) => part.value)
    .join(' ');
  const letters = words.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return fallback;
  const best = judge(words);
  if (!best) return fallback;
  const language = toTranslationLanguage(best.language);
  if (!language) return fallback;
  const confidence = Math.round(best.confidence * 1000) / 1000;
  const sure = confidence >= CERTAIN || (confidence >= MIN_CONFIDENCE && letters >= MIN_LETTERS);
  if (!sure) return { ...fallback, confidence };
  return { language, confidence, method: 'detected' };
}
