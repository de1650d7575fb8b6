import { splitProtected } from './protected-text';

export interface PolishContext {
  /** The text the engine was given (normalised). */
  source: string;
  from: string;
  to: string;
}

/**
 * Tidies an engine's output for a reader. It runs on every engine's output, after the memory
 * (which keeps what the engine said), so translations remembered before a rule existed get it
 * too, and a better engine loses nothing: each rule only adds what is missing.
 * - Runs of spaces go: engines are given normalised text, which has none, so every run is the
 *   engine's (Apertium's "Dónde   quieres ir?").
 * - No space stands before closing punctuation unless the source put one there; French
 *   typographic spaces ("Tu viens ?") do not carry into other languages, and French keeps its own.
 * - Spanish questions and exclamations get their opening ¿ and ¡ where the engine dropped them.
 * Line breaks stay, and URLs, e-mail addresses, @mentions, #hashtags, emoji, numbers and code
 * stay exactly as written.
 */
export function polishTranslation(output: string, { source, from, to }: PolishContext): string {
  return withProtectedMasked(output, (masked) => {
    let text = tidySpaces(masked, source, baseLanguage(from), baseLanguage(to));
    if (baseLanguage(to) === 'es') text = markSpanishSentences(text);
    return text;
  });
}

/**
 * "Hola Bruno! Dónde vas?" -> "¡Hola Bruno! ¿Dónde vas?": each sentence that ends in ? or !
 * opens with the matching mark, before its first word (after an emoji, @mention or #hashtag that
 * leads it). A sentence that has its opening mark already is left alone.
 */
export function addSpanishOpeningMarks(text: string): string {
  return withProtectedMasked(text, markSpanishSentences);
}

const baseLanguage = (code: string) => code.toLowerCase().split('-')[0] ?? code;

/**
 * Stand-ins for protected parts while the text around them is worked on: two private-use
 * characters, which no language's text holds. LEAD is an emoji, @mention or
 * #hashtag (a sentence's words begin after it); WORD is a URL, address, number or code.
 */
const LEAD = '\uE000';
const WORD = '\uE001';
const STAND_IN = /[\uE000\uE001]/g;
const HAS_STAND_IN = /[\uE000\uE001]/;
const LEADING_PART = /^(?:[@#]|\p{Extended_Pictographic}|\p{Regional_Indicator})/u;

function withProtectedMasked(text: string, work: (masked: string) => string): string {
  // An engine that answered with these characters is left as it is.
  if (HAS_STAND_IN.test(text)) return text;
  const kept: string[] = [];
  const masked = splitProtected(text)
    .map((part) => {
      if (part.kind === 'text') return part.value;
      kept.push(part.value);
      return LEADING_PART.test(part.value) ? LEAD : WORD;
    })
    .join('');
  let index = 0;
  return work(masked).replace(STAND_IN, () => kept[index++] ?? '');
}

/** Spaces and tabs (not line breaks) in a row. */
const SPACE_RUN = /[^\S\n]{2,}/g;
/** A space before closing punctuation that ends a word's run (not an emoticon's ":)"). */
const SPACE_BEFORE_MARK = /[^\S\n]+([,.;:!?…)\]}»])(?=[\s,.;:!?…)\]}»"”’'\uE000\uE001]|$)/g;
/** The marks French sets off with a space. */
const FRENCH_SPACED = new Set([';', ':', '!', '?', '»']);

function tidySpaces(text: string, source: string, from: string, to: string): string {
  const spacedInSource = new Set(Array.from(source.matchAll(/[^\S\n]([,.;:!?…)\]}»])/g), (match) => match[1]));
  return text
    .replace(SPACE_RUN, ' ')
    .replace(SPACE_BEFORE_MARK, (spaced, mark: string) => {
      if (to === 'fr' && FRENCH_SPACED.has(mark)) return spaced;
      const writerSpaced = spacedInSource.has(mark) && !(from === 'fr' && FRENCH_SPACED.has(mark));
      return writerSpaced ? spaced : mark;
    })
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

/**
 * A sentence: up to and including closing marks that a space, an emoji or the line's end
 * follows, then that space.
 */
const SENTENCE = /.*?(?:[.!?…]+(?=[^\S\n]|\uE000|$)|$)[^\S\n]*/gu;
const FIRST_WORD = /[\p{L}\p{N}«"'“([\uE001]/u;
const QUESTION_CLAUSE =
  /,[^\S\n]*(?:qué|cómo|dónde|adónde|cuándo|cuánto|cuánta|cuántos|cuántas|cuál|cuáles|quién|quiénes|por qué)(?!\p{L})/giu;

function markSpanishSentences(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.replace(SENTENCE, (sentence) => {
        const end = /([?!]+)[^\S\n]*$/.exec(sentence)?.[1];
        if (!end) return sentence;
        const question = end.includes('?');
        const opening = question ? '¿' : '¡';
        if (sentence.includes(opening) || (question && sentence.includes('¡'))) return sentence;
        // "Hola, cómo estás?" -> "Hola, ¿cómo estás?": a question opens at its question word.
        const clause = question ? lastQuestionClause(sentence) : -1;
        const at = clause >= 0 ? clause : sentence.search(FIRST_WORD);
        if (at < 0) return sentence;
        return `${sentence.slice(0, at)}${opening}${sentence.slice(at)}`;
      }),
    )
    .join('\n');
}

/** Where a question clause after a comma begins (its question word), or -1. */
function lastQuestionClause(sentence: string): number {
  let at = -1;
  for (const match of sentence.matchAll(QUESTION_CLAUSE))
    at = match.index + (/^,[^\S\n]*/u.exec(match[0])?.[0].length ?? 1);
  return at;
}
