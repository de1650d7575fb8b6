import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount, type Member } from '../../test/factories';
import { tinyPng, uploadPhoto } from './upload-fixtures';

/**
 * Issue 29, point 3: a photo upload a client gets wrong is a 4xx that says what is wrong, never a
 * 500 — on both routes that take one (a muse's or a record's photo, and the profile photo).
 */
let t: TestApp;
let member: Member;

beforeAll(async () => {
  t = await testApp();
  member = await newAccount(t.app);
});
afterAll(() => t.close());

const ROUTES = [
  { method: 'POST', url: '/api/uploads' },
  { method: 'PUT', url: '/api/profile/avatar' },
] as const;

const send = (route: (typeof ROUTES)[number], contentType: string | undefined, payload: string | Buffer) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: { ...member.headers, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    payload,
  });

const filePart = (boundary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe.each(ROUTES)('$method $url', (route) => {
  it('answers multipart/form-data without a boundary with 400 saying so', async () => {
    const res = await send(route, 'multipart/form-data', filePart('xyz', await tinyPng()));
    expect(expectError(res, 400, 'bad_request').message).toMatch(/boundary/i);
  });

  it('answers an empty multipart body with 400', async () => {
    const res = await send(route, 'multipart/form-data; boundary=xyz', '');
    expect(expectError(res, 400, 'bad_request').fields).toHaveProperty('file');
  });

  it('answers a multipart body without a file part with 400 naming the file', async () => {
    const payload = '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--xyz--\r\n';
    const res = await send(route, 'multipart/form-data; boundary=xyz', payload);
    expect(expectError(res, 400, 'bad_request').fields).toHaveProperty('file');
  });

  it('answers a multipart body cut off in the middle with 400', async () => {
    const whole = filePart('xyz', await tinyPng());
    const res = await send(route, 'multipart/form-data; boundary=xyz', whole.subarray(0, whole.length - 20));
    expectError(res, 400, 'bad_request');
  });

  it('answers other content types with 415, asking for multipart/form-data', async () => {
    for (const [type, body] of [
      ['text/plain', 'a photo'],
      ['application/json', '{}'],
      ['application/octet-stream', 'xx'],
      ['image/png', 'xx'],
      [undefined, ''],
    ] as const) {
      const res = await send(route, type, body);
      expect(expectError(res, 415, 'unsupported_media_type').message, String(type)).toMatch(/multipart\/form-data/);
    }
  });

  it('still takes a proper photo', async () => {
    const res = await uploadPhoto(t.app, member.headers, await tinyPng(), { url: route.url, method: route.method });
    expect(res.statusCode, res.body).toBe(route.method === 'POST' ? 201 : 200);
  });
});
