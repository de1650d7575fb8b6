import fc from 'fast-check';

/**
 * The values a careless or hostile client sends: text PostgreSQL cannot store (NUL), text that is
 * not Unicode (lone surrogates), numbers past int4 and past exact doubles, huge and deeply nested
 * values, and the wrong types. The fuzz tests put them in every field, query parameter and path.
 */

/** A value JSON can carry. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const HUGE = 100_000;

/** Nested arrays (or objects) `depth` levels deep: parsers and validators that recurse meet them. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): Json {
  let value: Json = kind === 'array' ? [] : {};
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Text that is not text: what PostgreSQL refuses to store (NUL) and what is not Unicode (lone surrogates). */
export const POISON_STRINGS: readonly string[] = [
  '\u0000',
  'nul\u0000inside',
  'a\u0000'.repeat(200),
  '\u0001\u0002\u0007\u0008\u000b\u000c\u001b[31m\u007f',
  '\uD800',
  'lone \uDFFF low',
  '\uDBFF\uDBFF\uDC00\uDC00',
  '\uFFFE\uFFFF',
];

export const BAD_STRINGS: readonly string[] = [
  ...POISON_STRINGS,
  'x'.repeat(HUGE),
  '\u00e9'.repeat(HUGE / 2),
  '😀'.repeat(5000),
  '',
  ' ',
  '\t\r\n',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '%00',
  '%ED%A0%80',
  "'; drop table accounts; --",
  '\\',
  '\u202e\u200b\ufeff\u00ad',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}%s%n',
  'ab\u0301\u0301\u0301\u0301',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '2024-02-30',
  '0000-00-00T25:61:61Z',
  '+275760-09-13T00:00:00.001Z',
];

/** Numbers past what int4 and bigint columns and exact doubles hold, and below zero. */
export const POISON_NUMBERS: readonly number[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  -1,
  1e21,
];

export const BAD_NUMBERS: readonly number[] = [
  ...POISON_NUMBERS,
  2 ** 31 - 1,
  0,
  -0,
  0.5,
  1e-300,
  5e-324,
  1e308,
  -1e308,
];

export const BAD_STRUCTURES: readonly Json[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [[[]]],
  { '': null },
  deeplyNested(1000, 'array'),
  deeplyNested(1000, 'object'),
  Array.from({ length: 10_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
  JSON.parse('{"__proto__":{"superAdmin":true,"roles":"superadmin"}}') as Json,
  { constructor: { prototype: { superAdmin: true } } },
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
];

/** Any bad value at all. */
export const anyBadValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...BAD_STRINGS),
  fc.constantFrom(...BAD_NUMBERS),
  fc.constantFrom(...BAD_STRUCTURES),
);

/**
 * A bad value for a field of this JSON type: mostly values of the type that break what stores or
 * compares it, sometimes another type altogether.
 */
export function badValueFor(type: string | undefined): fc.Arbitrary<Json> {
  const ofType =
    type === 'string'
      ? fc.oneof({ arbitrary: fc.constantFrom(...POISON_STRINGS), weight: 2 }, fc.constantFrom(...BAD_STRINGS))
      : type === 'integer' || type === 'number'
        ? fc.oneof({ arbitrary: fc.constantFrom(...POISON_NUMBERS), weight: 2 }, fc.constantFrom(...BAD_NUMBERS))
        : type === 'array'
          ? fc.constantFrom<Json>(
              [null],
              ['\u0000'],
              [2 ** 31],
              deeplyNested(1000, 'array'),
              new Array<Json>(5000).fill('x'),
            )
          : fc.constantFrom(...BAD_STRUCTURES);
  return fc.oneof({ arbitrary: ofType, weight: 3 }, { arbitrary: anyBadValue, weight: 1 });
}

/**
 * The UTF-8 of a string as percent escapes; lone surrogates as WTF-8 (`%ED%A0%80`), which
 * encodeURIComponent refuses to make but a client can send all the same.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Path segments that name nothing, already encoded for the URL as a client would put them there. */
export const BAD_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '00000000-0000-0000-0000-000000000000%00',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e308',
  'NaN',
  'null',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%2e%2e',
  '%2F',
  '..',
  '%20',
  '%E2%80%AE',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '{id}',
  ':id',
  '*',
];

/** Header values that still make a valid HTTP header (no NUL, CR or LF, Latin-1 only). */
export const BAD_HEADER_VALUES: readonly string[] = [
  '',
  ' ',
  '-1',
  '2147483648',
  '9007199254740993',
  'x'.repeat(8000),
  '\u00ff\u00fe',
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
  'Basic YWRtaW46YWRtaW4=',
  '%00',
];

/** Raw query strings a parser must survive: stray escapes, empty pairs, brackets, ten thousand pairs. */
export const BAD_QUERY_STRINGS: readonly string[] = [
  '%',
  '%zz=%zz',
  '=&=&&=',
  'a=%E0%A4%A',
  '%ED%A0%80=%ED%A0%80',
  '__proto__[x]=1&constructor[prototype][x]=1',
  Array.from({ length: 10_000 }, (_, i) => `p${i}=${i}`).join('&'),
  `q=${'x'.repeat(HUGE)}`,
];

/** A UTF-16 unit no text should hold: C0 controls, DEL, a surrogate, a non-character. */
export const isPoisonChar = (code: number) =>
  code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff) || code >= 0xfffe;

/** Control characters, lone surrogates and non-characters as `\\uXXXX`; pairs and the rest as they are. */
function escapeOdd(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else {
      out += isPoisonChar(unit) ? `\\u${unit.toString(16).padStart(4, '0')}` : text[i]!;
    }
  }
  return out;
}

/** A value as the report shows it: JSON, control characters and surrogates escaped, long runs cut. */
export function shorten(value: unknown, max = 120): string {
  let text: string;
  try {
    const json: unknown = JSON.stringify(value);
    text = typeof json === 'string' ? json : String(value);
  } catch {
    text = String(value);
  }
  const length = text.length;
  text = escapeOdd(text.slice(0, 2000));
  text = text.replace(/(.{1,8}?)\1{20,}/g, (run, unit: string) => `${unit}×${Math.round(run.length / unit.length)}`);
  return length > max ? `${text.slice(0, max)}… (${length} chars)` : text;
}
