// Zod-free, like limits.ts: the one rule for text a client sends, used by the server on every
// request body, query, path and socket payload, and by the shared schemas for lengths and names.
import { SERVER_MESSAGES } from './server-messages';

/** NUL and the other C0 controls but tab and newline, and DEL: nothing a person types. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Plain ASCII that needs no normalisation (the common case, checked first). */
const PLAIN = /^[\t\n\u0020-\u007E]*$/;
/** A UTF-16 surrogate without its pair: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidirectional embeddings, overrides and isolates: they reorder what follows them. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** What shows nothing: whitespace, format characters (zero-width, marks), fillers. */
// eslint-disable-next-line no-misleading-character-class -- a lone grapheme joiner (U+034F) is the point
const INVISIBLE = /^[\s\p{Cf}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800\u034F]*$/u;

export const TEXT_MESSAGES = {
  controls: SERVER_MESSAGES.textControls,
  unicode: SERVER_MESSAGES.textUnicode,
  nested: SERVER_MESSAGES.inputNested,
  bidi: SERVER_MESSAGES.nameBidi,
  invisible: SERVER_MESSAGES.nameInvisible,
  reserved: SERVER_MESSAGES.nameReserved,
} as const;

/** Objects and arrays in one request, one inside another, at most. */
export const INPUT_DEPTH_MAX = 32;

export type CleanText = { ok: true; value: string } | { ok: false; message: string };

/**
 * A text as Tolk keeps it: line breaks as "\n", Unicode-normalised (NFC, so "é" typed two ways is
 * one text); refused when it holds control characters or broken UTF-16.
 */
export function cleanText(value: string): CleanText {
  if (PLAIN.test(value)) return { ok: true, value };
  if (LONE_SURROGATE.test(value)) return { ok: false, message: TEXT_MESSAGES.unicode };
  const lines = value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
  if (CONTROLS.test(lines)) return { ok: false, message: TEXT_MESSAGES.controls };
  return { ok: true, value: lines.normalize('NFC') };
}

/** Characters as a reader counts them (code points), not UTF-16 units: an emoji is one. */
export function characterCount(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff) count += 1;
    else if (i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      count += 1;
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    } else count += 1;
  }
  return count;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The start of a text for a preview (a notification's), at most `max` characters as a reader sees
 * them (an emoji or a letter with its accents is one, never cut in two), with "…" when cut.
 */
export function excerpt(value: string, max: number): string {
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(value)) {
    if (parts.length === max)
      return `${parts
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
    parts.push(segment);
  }
  return value;
}

const RESERVED_NAMES = new Set(['admin', 'administrator', 'moderator', 'mod', 'tolk', 'tolkteam', 'support', 'system']);

/** What is wrong with a name others see (a display name), or null: bidi tricks, nothing visible, a staff title. */
export function nameProblem(value: string): string | null {
  if (BIDI_CONTROLS.test(value)) return TEXT_MESSAGES.bidi;
  if (value !== '' && INVISIBLE.test(value)) return TEXT_MESSAGES.invisible;
  const folded = value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  if (RESERVED_NAMES.has(folded)) return TEXT_MESSAGES.reserved;
  return null;
}

export type InputProblems = Record<string, string[]>;

/**
 * Every string in a request (body, query, path, socket payload), cleaned by `cleanText`: the
 * cleaned copy, or the fields at fault by their dotted path. Keys are cleaned like values.
 */
export function cleanInput(value: unknown): { ok: true; value: unknown } | { ok: false; problems: InputProblems } {
  const problems: InputProblems = {};
  const add = (path: string, message: string) => {
    (problems[path || 'body'] ??= []).push(message);
  };
  const walk = (node: unknown, path: string, depth: number): unknown => {
    if (typeof node === 'string') {
      const cleaned = cleanText(node);
      if (cleaned.ok) return cleaned.value;
      add(path, cleaned.message);
      return node;
    }
    if (node === null || typeof node !== 'object') return node;
    if (depth >= INPUT_DEPTH_MAX) {
      add(path, TEXT_MESSAGES.nested);
      return node;
    }
    if (Array.isArray(node))
      return node.map((item, index) => walk(item, path ? `${path}.${index}` : String(index), depth + 1));
    // Bytes, dates and streams (a multipart file) are not text. Anything else is walked: parsed
    // query strings are objects of their own prototype.
    if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer || node instanceof Date) return node;
    if (typeof (node as { pipe?: unknown }).pipe === 'function') return node;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      if (key === '__proto__') continue;
      const cleanKey = cleanText(key);
      if (!cleanKey.ok) {
        add(path || 'body', cleanKey.message);
        continue;
      }
      out[cleanKey.value] = walk(item, path ? `${path}.${cleanKey.value}` : cleanKey.value, depth + 1);
    }
    return out;
  };
  const cleaned = walk(value, '', 0);
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, value: cleaned };
}
