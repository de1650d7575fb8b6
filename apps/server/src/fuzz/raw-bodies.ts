import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { shorten, type Json } from './bad-values';

/**
 * Bodies as bytes: JSON that is not JSON, JSON under other content types, and multipart/form-data bodies as uploads receive them, broken every way a client can break them:
 * no boundary, an empty body, garbage, a file that is not an image, an image that claims ten
 * billion pixels, two files, a truncated part, names with NUL and path separators.
 */

/** A request body as sent: its bytes, its content type (none: no header), and what is wrong with it. */
export interface BodyPlan {
  payload?: string | Buffer;
  contentType?: string;
  note: string;
}

const BOUNDARY = 'fuzzboundary';

/** A 1×1 PNG: the one well-formed photo among them. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims 100,000 × 100,000 pixels (and whose data is not there). */
function hugePngHeader(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    ONE_PIXEL_PNG.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface PartSpec {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function form(parts: PartSpec[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
const file = (data: Buffer | string, filename = 'photo.png', type = 'image/png'): PartSpec => ({
  name: 'file',
  filename,
  type,
  data,
});

export const MULTIPART_WITHOUT_BOUNDARY: BodyPlan = {
  contentType: 'multipart/form-data',
  payload: form([file(ONE_PIXEL_PNG)]),
  note: 'multipart without a boundary',
};

const BODIES: readonly BodyPlan[] = [
  MULTIPART_WITHOUT_BOUNDARY,
  { contentType: 'multipart/form-data', payload: Buffer.alloc(0), note: 'multipart without a boundary, empty' },
  {
    contentType: 'multipart/form-data; boundary=',
    payload: form([file(ONE_PIXEL_PNG)]),
    note: 'multipart with an empty boundary',
  },
  { contentType: withBoundary, payload: Buffer.alloc(0), note: 'multipart, empty body' },
  {
    contentType: withBoundary,
    payload: Buffer.from('garbage \u0000 with no parts at all'),
    note: 'multipart, garbage',
  },
  { contentType: withBoundary, payload: form([file(ONE_PIXEL_PNG)], false), note: 'multipart, never closed' },
  { contentType: withBoundary, payload: form([file(ONE_PIXEL_PNG)]).subarray(0, 90), note: 'multipart, cut short' },
  { contentType: withBoundary, payload: form([file('not an image at all')]), note: 'multipart, file is not an image' },
  { contentType: withBoundary, payload: form([file(ONE_PIXEL_PNG.subarray(0, 30))]), note: 'multipart, truncated PNG' },
  { contentType: withBoundary, payload: form([file(hugePngHeader())]), note: 'multipart, PNG claiming 10^10 pixels' },
  {
    contentType: withBoundary,
    payload: form([file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.svg', 'image/svg+xml')]),
    note: 'multipart, SVG',
  },
  {
    contentType: withBoundary,
    payload: form([file(ONE_PIXEL_PNG, '../../\u0000evil.png')]),
    note: 'multipart, filename with NUL and ../',
  },
  {
    contentType: withBoundary,
    payload: form([file(ONE_PIXEL_PNG, 'p.png', 'text/html\u0000')]),
    note: 'multipart, bad part type',
  },
  {
    contentType: withBoundary,
    payload: form([file(ONE_PIXEL_PNG), file(ONE_PIXEL_PNG)]),
    note: 'multipart, two files',
  },
  {
    contentType: withBoundary,
    payload: form([{ name: 'file', data: '\u0000' }]),
    note: 'multipart, file as a text field',
  },
  {
    contentType: withBoundary,
    payload: form(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: '\uD800' }))),
    note: 'multipart, twelve text fields',
  },
  {
    contentType: withBoundary,
    payload: form([{ name: 'x'.repeat(10_000), data: 'y' }]),
    note: 'multipart, huge field name',
  },
  {
    contentType: withBoundary,
    payload: form([file(Buffer.alloc(11 * 1024 * 1024, 1))]),
    note: 'multipart, 11 MiB file',
  },
  { contentType: withBoundary, payload: form([file(ONE_PIXEL_PNG)]), note: 'multipart, a 1×1 PNG' },
];

export const multipartBodies: fc.Arbitrary<BodyPlan> = fc.constantFrom(...BODIES);

const MALFORMED_JSON: readonly (string | Buffer)[] = [
  '{',
  '{"a":}',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  'nul\u0000{}',
  '',
  ' ',
  'null',
  '"just a string"',
  '1e400',
  '\ufeff{}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"__proto__":{"superAdmin":true}}',
  '{"constructor":{"prototype":{"superAdmin":true}}}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`,
];

/** JSON the parser must refuse or survive, and number literals past a double on each top-level field. */
export function malformedJson(fields: string[]): fc.Arbitrary<BodyPlan> {
  const raw = fc.constantFrom(...MALFORMED_JSON).map((payload): BodyPlan => ({
    payload,
    contentType: 'application/json',
    note: `JSON ${shorten(payload.toString(), 40)}`,
  }));
  if (!fields.length) return raw;
  const overflow = fc
    .record({
      field: fc.constantFrom(...fields),
      literal: fc.constantFrom(
        '1e400',
        '-1e400',
        `1${'0'.repeat(400)}`,
        '1.0000000000000000001',
        '"\\ud800"',
        '"\\u0000"',
      ),
    })
    .map(({ field, literal }): BodyPlan => ({
      payload: `{${JSON.stringify(field)}:${literal}}`,
      contentType: 'application/json',
      note: `${field} = ${literal} (raw JSON)`,
    }));
  return fc.oneof(raw, overflow);
}

/** A body sent under a content type the route does not read, or does not say it reads. */
export function wrongContentType(value: fc.Arbitrary<Json>): fc.Arbitrary<BodyPlan> {
  const kinds: [string, (json: string) => string | Buffer][] = [
    ['text/plain', (json) => json],
    ['application/x-www-form-urlencoded', () => 'a=1&b=%00&c=%ED%A0%80&d[]=x&__proto__=1'],
    ['application/octet-stream', () => Buffer.from([0, 1, 2, 0xff, 0xfe, 0x00])],
    ['application/json; charset=utf-16le', (json) => Buffer.from(json, 'utf16le')],
    ['application/json; charset=latin1', (json) => Buffer.from(json, 'latin1')],
    ['application/xml', () => '<?xml version="1.0"?><a>&x;</a>'],
    ['x/y; a="', (json) => json],
    ['APPLICATION/JSON', (json) => json],
    ['application/json;;;', (json) => json],
    ['application/vnd.api+json', (json) => json],
    ['', (json) => json],
  ];
  return fc
    .record({ kind: fc.constantFrom(...kinds), value })
    .map(({ kind: [contentType, encode], value: v }): BodyPlan => ({
      payload: encode(JSON.stringify(v)),
      contentType,
      note: `content-type ${JSON.stringify(contentType)}`,
    }));
}
