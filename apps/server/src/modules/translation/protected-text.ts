import { createHash } from 'node:crypto';

/**
 * A text cut into parts to translate and parts that must come back exactly as written: URLs,
 * e-mail addresses, @mentions, #hashtags, emoji, words with digits and `code`. Joining the
 * values gives the text back.
 */
export interface TextPart {
  kind: 'text' | 'protected';
  value: string;
}

const PROTECTED = new RegExp(
  [
    // Code first: anything inside backticks is kept, URLs and all.
    '```[\\s\\S]*?```',
    '`[^`\\n]+`',
    '(?:https?:\\/\\/|www\\.)[^\\s<>"`]+',
    '[\\p{L}\\p{N}._%+\\-]+@[\\p{L}\\p{N}\\-]+(?:\\.[\\p{L}\\p{N}\\-]+)*\\.\\p{L}{2,}',
    '(?<![\\p{L}\\p{N}_])@[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_.\\-]*[\\p{L}\\p{N}_])?',
    '(?<![\\p{L}\\p{N}_&])#[\\p{L}\\p{N}_]+',
    // Keycaps (1️⃣) before numbers, or the digit would be taken alone.
    '[#*0-9]\\uFE0F?\\u20E3',
    '(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator})(?:\\p{Emoji_Modifier}|\\uFE0F|\\u20E3|\\u200D(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator})|\\p{Regional_Indicator})*',
    // Any word with a digit (3, 3.14, 12:30, 2024-05-01, 10km, mp3), with . , : / - between digits.
    '[\\p{L}\\p{N}]*\\p{N}[\\p{L}\\p{N}]*(?:[.,:\\/\\-][\\p{L}\\p{N}]*\\p{N}[\\p{L}\\p{N}]*)*',
  ].join('|'),
  'gu',
);

/** Sentence punctuation that ends a URL rather than belonging to it. */
const URL_TRAILER = /[.,;:!?'"»”’]+$/u;

function trimUrl(match: string): string {
  if (!/^(?:https?:\/\/|www\.)/i.test(match)) return match;
  let url = match.replace(URL_TRAILER, '');
  // A closing parenthesis belongs to the URL only when it opened one: (see https://x.org/a_(b)).
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(URL_TRAILER, '');
  }
  return url;
}

export function splitProtected(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (kind: TextPart['kind'], value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    // Neighbouring parts of one kind merge: fewer placeholders for the engine to keep.
    if (last?.kind === kind) last.value += value;
    else parts.push({ kind, value });
  };
  let at = 0;
  for (const match of text.matchAll(PROTECTED)) {
    const value = trimUrl(match[0]);
    if (!value) continue;
    push('text', text.slice(at, match.index));
    push('protected', value);
    at = match.index + value.length;
  }
  push('text', text.slice(at));
  return parts;
}

/** Whether an engine has anything to do: some letters outside the protected parts. */
export function hasTranslatableText(parts: readonly TextPart[]): boolean {
  return parts.some((part) => part.kind === 'text' && /\p{L}/u.test(part.value));
}

export function protectedValues(parts: readonly TextPart[]): string[] {
  return parts.filter((part) => part.kind === 'protected').map((part) => part.value);
}

/** Whitespace other than a single inner space, or a control character: what respace rewrites. */
const NEEDS_SPACING = /[^\S ]| {2}|^ | $|\p{Cc}/u;

/**
 * The text as it is translated and remembered: Unicode NFC, no control characters, spaces
 * collapsed within a line, lines trimmed, at most one blank line in a row. Line breaks survive: in chat they carry meaning.
 */
export function normaliseText(text: string): string {
  const nfc = text.normalize('NFC');
  // Most texts are one line of single spaces already: respace would not change them.
  return NEEDS_SPACING.test(nfc) ? respace(nfc) : nfc;
}

/** normaliseText's rewrite of spaces, breaks and control characters, step by step (exported for its test). */
export function respace(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // Control characters say nothing to a reader, and a NUL would end the text early in Apertium.
      .replace(/(?![\t\n])\p{Cc}/gu, '')
      .split('\n')
      .map((line) => line.replace(/[^\S\n]+/gu, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export function hashText(normalised: string): string {
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
}

/** Engine output read back: literal text, and the index of each placeholder met. */
export type DecodedPiece = string | number;

/** How one engine is told to leave protected parts alone, and how its output is read back. */
export interface PlaceholderMarkup {
  encode(parts: readonly TextPart[]): string;
  decode(output: string): DecodedPiece[];
}

/**
 * Puts the protected values back. Null when a placeholder went missing or came back twice:
 * the translation would then drop or repeat something the writer wrote.
 */
export function restoreProtected(pieces: readonly DecodedPiece[], parts: readonly TextPart[]): string | null {
  const values = protectedValues(parts);
  const seen = new Array<number>(values.length).fill(0);
  let out = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      out += piece;
      continue;
    }
    const value = values[piece];
    if (value === undefined) return null;
    seen[piece] = (seen[piece] ?? 0) + 1;
    out += value;
  }
  return seen.every((count) => count === 1) ? out : null;
}

/** Splits output on a global pattern whose first group is a placeholder index. */
export function decodeByPattern(
  output: string,
  pattern: RegExp,
  literal: (text: string) => string = (text) => text,
): DecodedPiece[] {
  const pieces: DecodedPiece[] = [];
  let at = 0;
  for (const match of output.matchAll(pattern)) {
    if (match.index > at) pieces.push(literal(output.slice(at, match.index)));
    pieces.push(Number(match[1]));
    at = match.index + match[0].length;
  }
  if (at < output.length) pieces.push(literal(output.slice(at)));
  return pieces;
}

/** For engines told in prose to keep tokens (LLMs): ⟦0⟧, ⟦1⟧... which no tokenizer splits oddly. */
export const tokenMarkup: PlaceholderMarkup = {
  encode(parts) {
    let index = 0;
    return parts.map((part) => (part.kind === 'text' ? part.value : `⟦${index++}⟧`)).join('');
  },
  decode(output) {
    return decodeByPattern(output, /⟦\s*(\d+)\s*⟧/g);
  },
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * For engines that translate HTML or XML and keep tags (Azure, Google, LibreTranslate, DeepL,
 * Apertium APY). Each protected part travels as an empty element with an id, so reordering
 * cannot swap two values and the value itself never leaves the server: a URL, an e-mail
 * address or a code span is not the vendor's business, and it is put back from the local copy.
 */
export function markupWithElements(options: {
  element: (index: number) => string;
  /** Matches one element as the engine returns it (empty or self-closed); group 1 is the index. */
  pattern: RegExp;
}): PlaceholderMarkup {
  return {
    encode(parts) {
      let index = 0;
      return parts.map((part) => (part.kind === 'text' ? escapeHtml(part.value) : options.element(index++))).join('');
    },
    decode(output) {
      return decodeByPattern(output, options.pattern, decodeHtmlEntities);
    },
  };
}

/**
 * `<span translate="no">` is what Google, LibreTranslate (translate-html) and browsers honour;
 * Azure wants the class. Text an engine moved inside the element would be lost, so only an
 * empty element is read back; anything else fails the text over to piecewise translation.
 */
export const notranslateSpanMarkup = markupWithElements({
  element: (index) => `<span class="notranslate" translate="no" id="p${index}"></span>`,
  pattern: /<span\b[^>]*?\bid\s*=\s*["']?p(\d+)["']?[^>]*?(?:\/>|>\s*<\/span>)/gi,
});
