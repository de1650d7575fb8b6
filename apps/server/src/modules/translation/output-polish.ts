/** Spaces and tabs (not line breaks) in a row. */
const SPACE_RUN = /[^\S\n]{2,}/g;
const SPACE_BEFORE_MARK = /[^\S\n]+([,.;:!?)\]}»])/g;

/**
 * Tidies an engine's output for a reader, after the memory (which keeps what the engine said),
 * so a fix here reaches translations made before it:
 * - runs of spaces the source did not have collapse to one, and no space stands before
 *   punctuation unless the source put one there (Apertium's "Dónde   quieres ir ?");
 * - Spanish questions and exclamations get their opening ¿ and ¡ where the engine dropped them.
 * Line breaks stay as they are.
 */
export function polishTranslation(output: string, source: string, to: string): string {
  let text = output;
  if (!/[^\S\n]{2,}/.test(source)) text = text.replace(SPACE_RUN, ' ');
  if (!/[^\S\n][,.;:!?)\]}»]/.test(source)) text = text.replace(SPACE_BEFORE_MARK, '$1');
  text = text
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
  if (to.toLowerCase().split('-')[0] === 'es') text = addSpanishOpeningMarks(text);
  return text;
}

/**
 * A sentence: up to and including closing marks that a space or the line's end follows (the ? in
 * a link is not one), then that space.
 */
const SENTENCE = /.*?(?:[.!?…]+(?=[^\S\n]|$)|$)[^\S\n]*/gu;
const FIRST_WORD = /[\p{L}\p{N}«"'“([]/u;

/**
 * "Hola Bruno! Dónde vas?" -> "¡Hola Bruno! ¿Dónde vas?": each sentence that ends in ? or !
 * opens with the matching mark, before its first word (after an emoji or a @mention that leads
 * it). A sentence that has its opening mark already is left alone.
 */
export function addSpanishOpeningMarks(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.replace(SENTENCE, (sentence) => {
        const end = /([?!]+)[^\S\n]*$/.exec(sentence)?.[1];
        if (!end) return sentence;
        const question = end.includes('?');
        const exclamation = end.includes('!');
        const opening = question && exclamation ? '¿' : question ? '¿' : '¡';
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

const QUESTION_CLAUSE =
  /,[^\S\n]*(?:qué|cómo|dónde|adónde|cuándo|cuánto|cuánta|cuántos|cuántas|cuál|cuáles|quién|quiénes|por qué)(?!\p{L})/giu;

/** Where a question clause after a comma begins (its question word), or -1. */
function lastQuestionClause(sentence: string): number {
  let at = -1;
  for (const match of sentence.matchAll(QUESTION_CLAUSE))
    at = match.index + (/^,[^\S\n]*/u.exec(match[0])?.[0].length ?? 1);
  return at;
}
