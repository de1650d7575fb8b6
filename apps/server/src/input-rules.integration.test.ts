import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '@tolk/shared/limits';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import type { Profile } from '@tolk/shared/schemas/profile';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { testApp, type TestApp } from './test/build-app';
import { expectError, expectNotFound, newAccount, newConversation, type Member } from './test/factories';
import { connectSocket, listen, type Client } from './test/sockets';

/**
 * The one text rule and the integer ranges (issue 29): what used to reach the database and come
 * back as a 500 is a 400 with a field message, and text is kept in one normal form.
 */
let t: TestApp;
let ana: Member;
let ben: Member;
let chat: Conversation;
let socket: Client;

const INT4_OVERFLOW = 2 ** 31;

beforeAll(async () => {
  t = await testApp();
  await listen(t);
  ana = await newAccount(t.app, { displayName: 'Ana', language: 'en' });
  ben = await newAccount(t.app, { displayName: 'Ben', language: 'en' });
  chat = await newConversation(t.app, ana, { kind: 'direct', members: [ben.username] });
  socket = await connectSocket(t, ana.token);
});
afterAll(async () => {
  socket.close();
  await t.close();
});

const updateProfile = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: ana.headers, payload });

function expectFieldError(res: Awaited<ReturnType<typeof updateProfile>>, field: string, message: string) {
  const error = expectError(res, 400, 'validation_failed');
  expect(error.fields?.[field]).toContain(message);
}

describe('text a client sends', () => {
  it('refuses NUL in sign-in and registration, before any account is looked up', async () => {
    for (const url of ['/api/auth/signin', '/api/auth/register']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { username: 'nul\u0000user', password: 'Tolk-password-1' },
      });
      expectFieldError(res, 'username', SERVER_MESSAGES.textControls);
    }
  });

  it('refuses control characters and lone surrogates anywhere in a body, naming the field', async () => {
    expectFieldError(await updateProfile({ bio: 'Hola\u0007' }), 'bio', SERVER_MESSAGES.textControls);
    expectFieldError(await updateProfile({ bio: 'broken \uD800 text' }), 'bio', SERVER_MESSAGES.textUnicode);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/persons',
      headers: ana.headers,
      payload: { name: 'Lu', languages: ['e\u0000s'] },
    });
    expectFieldError(nested, 'languages.0', SERVER_MESSAGES.textControls);
  });

  it('refuses NUL in a search and in a path', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/persons?q=%00', headers: ana.headers });
    expectFieldError(search, 'q', SERVER_MESSAGES.textControls);
    expectNotFound(await t.app.inject({ method: 'GET', url: '/api/persons/%00', headers: ana.headers }));
  });

  it('keeps text in one normal form: NFC, and line breaks as "\\n"; tabs and newlines are fine', async () => {
    const res = await updateProfile({ bio: 'Cafe\u0301 con leche\r\nen Sevilla\tsiempre' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>().bio).toBe('Caf\u00e9 con leche\nen Sevilla\tsiempre');
  });

  it('counts characters as a reader does: an emoji is one', async () => {
    const res = await updateProfile({ displayName: '\u{1F30D}'.repeat(DISPLAY_NAME_MAX) });
    expect(res.statusCode, res.body).toBe(200);
    expectFieldError(
      await updateProfile({ displayName: '\u{1F30D}'.repeat(DISPLAY_NAME_MAX + 1) }),
      'displayName',
      `At most ${DISPLAY_NAME_MAX} characters.`,
    );
  });

  it('refuses display names that reorder text, show nothing, or pose as staff', async () => {
    expectFieldError(
      await updateProfile({ displayName: 'evil\u202Egnp.exe' }),
      'displayName',
      SERVER_MESSAGES.nameBidi,
    );
    expectFieldError(
      await updateProfile({ displayName: '\u200B\u200B' }),
      'displayName',
      SERVER_MESSAGES.nameInvisible,
    );
    expectFieldError(
      await updateProfile({ displayName: 'Administrator' }),
      'displayName',
      SERVER_MESSAGES.nameReserved,
    );
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `x-${randomUUID().slice(0, 8)}`, password: 'Tolk-password-1', displayName: 'A d m i n' },
    });
    expectFieldError(register, 'displayName', SERVER_MESSAGES.nameReserved);
  });

  it('refuses a muse with NUL over HTTP and over the socket; the handler never sees it', async () => {
    const http = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${chat.id}/muses`,
      headers: ana.headers,
      payload: { clientId: randomUUID(), text: 'hi\u0000there' },
    });
    expectFieldError(http, 'text', SERVER_MESSAGES.textControls);
    const ack = await socket
      .timeout(5000)
      .emitWithAck('muse:send', { conversationId: chat.id, clientId: randomUUID(), text: 'hi\u0000there' });
    expect(ack).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', fields: { text: [SERVER_MESSAGES.textControls] } },
    });
  });
});

describe('integers a client sends', () => {
  it('refuses values past a 32-bit column in pages, read marks, versions and cities', async () => {
    for (const url of [
      `/api/conversations/${chat.id}/muses?after=${INT4_OVERFLOW}`,
      `/api/conversations/${chat.id}/muses?before=${2 ** 53}`,
      `/api/connect/people?cityId=${INT4_OVERFLOW}`,
      `/api/connect/people?travellingTo=${INT4_OVERFLOW}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: ana.headers });
      expectError(res, 400, 'validation_failed');
    }
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${chat.id}/me`,
      headers: ana.headers,
      payload: { lastReadSeq: INT4_OVERFLOW },
    });
    expectError(read, 400, 'validation_failed');
    const thing = await t.app.inject({
      method: 'PUT',
      url: `/api/things/${randomUUID()}`,
      headers: ana.headers,
      payload: { name: 'Bike', priceMinor: 100, currency: 'EUR', unit: 'item', version: INT4_OVERFLOW },
    });
    expectError(thing, 400, 'validation_failed');
    const join = await socket.timeout(5000).emitWithAck('conversation:join', {
      conversationId: chat.id,
      lastSeq: INT4_OVERFLOW,
    });
    expect(join).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });

  it('still takes what is in range', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${chat.id}/muses?after=${INT4_OVERFLOW - 1}`,
      headers: ana.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ muses: Muse[] }>().muses).toEqual([]);
  });
});
