import type { DecodedPiece, TextPart } from '../protected-text';

// Apertium's stream format: how texts with protected parts go into a pipeline as lines, and how
// its output comes back as words and superblanks.

/** Characters with a meaning in Apertium's stream format (what apertium-destxt escapes). */
export const STREAM_SPECIAL = /[\\[\]^$/@<>{}]/g;

export const escapeStream = (text: string) => text.replace(STREAM_SPECIAL, (char) => `\\${char}`);

/**
 * A protected part becomes a superblank, `[p0]`: formatting the pipeline carries through
 * untouched and keeps in place among the words, which is how Apertium keeps HTML tags.
 */
export function encodeLine(parts: readonly TextPart[], firstIndex: number): string {
  let index = firstIndex;
  // The closing empty superblank stands where apertium-destxt puts one: without it the last
  // sentence's full stop is held back by the tagger and lost at the flush.
  return `${parts.map((part) => (part.kind === 'text' ? escapeStream(part.value) : `[p${index++}]`)).join('')}[]`;
}

/** The pipeline's output read back: escapes undone, superblanks as placeholders or their text. */
export function decodeStream(output: string): DecodedPiece[] {
  const pieces: DecodedPiece[] = [];
  let literal = '';
  for (let i = 0; i < output.length; i++) {
    const char = output[i]!;
    if (char === '\\' && i + 1 < output.length) {
      literal += output[++i] ?? '';
      continue;
    }
    if (char !== '[') {
      literal += char;
      continue;
    }
    let end = i + 1;
    let content = '';
    while (end < output.length && output[end] !== ']') {
      if (output[end] === '\\' && end + 1 < output.length) end++;
      content += output[end] ?? '';
      end++;
    }
    const placeholder = /^p(\d+)$/.exec(content);
    if (placeholder) {
      pieces.push(literal, Number(placeholder[1]));
      literal = '';
    } else {
      literal += content;
    }
    i = end;
  }
  pieces.push(literal);
  return pieces.filter((piece) => piece !== '');
}

/** A dropped subject pronoun leaves a space at the start (I see -> " Veo"): lines are trimmed. */
export function trimPieces(pieces: DecodedPiece[]): DecodedPiece[] {
  const out = [...pieces];
  const first = out[0];
  if (typeof first === 'string') out[0] = first.trimStart();
  const last = out.at(-1);
  if (typeof last === 'string') out[out.length - 1] = last.trimEnd();
  return out.filter((piece) => piece !== '');
}

export interface LinePlan {
  parts: TextPart[];
  /** Index of the line's first placeholder among the whole text's. */
  firstIndex: number;
  /** Which segment carries the line; null for a line without words (an emoji, a link). */
  segment: number | null;
}

/**
 * Cuts a text into lines and adds each line with words to `segments`. Each line goes alone: a
 * line break ends a sentence for the reader, so it must for the tagger.
 */
export function planLines(parts: readonly TextPart[], segments: string[]): { lines: LinePlan[]; separators: string[] } {
  const lines: LinePlan[] = [];
  const separators: string[] = [];
  let line: TextPart[] = [];
  let index = 0;
  let firstIndex = 0;
  const endLine = () => {
    const hasWords = line.some((part) => part.kind === 'text' && /\p{L}/u.test(part.value));
    lines.push({ parts: line, firstIndex, segment: hasWords ? segments.push(encodeLine(line, firstIndex)) - 1 : null });
    line = [];
    firstIndex = index;
  };
  for (const part of parts) {
    if (part.kind === 'protected') {
      line.push(part);
      index++;
      continue;
    }
    part.value.split(/(\n+)/).forEach((piece, i) => {
      if (i % 2 === 1) {
        endLine();
        separators.push(piece);
      } else if (piece) line.push({ kind: 'text', value: piece });
    });
  }
  endLine();
  return { lines, separators };
}
