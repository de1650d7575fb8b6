import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import type { Conversation, Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount, postMuse, type Member } from '../../test/factories';

/**
 * Issue 19: nothing slow runs between receiving a send and appending it. On a cold server the
 * first Japanese muse loads the romaji dictionary (about a second); a Russian muse sent 50 ms
 * later must still come after it, and both readings must reach the reader.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // The real translation module and transliteration, with no engine: only the readings matter here.
  t = await testApp({ translationEngines: [] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const send = (member: Member, conversationId: string, text: string, from: string) =>
  postMuse(t.app, member, conversationId, text, from);

it('keeps a cold Japanese muse before a Russian one sent 50 ms later, and both readings arrive', async () => {
  const writer = await newAccount(t.app, { language: 'en' });
  const reader = await newAccount(t.app, { language: 'en' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: writer.headers,
    payload: { kind: 'group', title: 'Order', members: [reader.username] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<Conversation>();

  const socket: Client = connect(baseUrl, {
    auth: { token: reader.token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const heard: Muse[] = [];
  socket.on('muse:new', (muse) => heard.push(muse));
  socket.on('muse:updated', (muse) => heard.push(muse));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect((await socket.emitWithAck('conversation:join', { conversationId: id, lastSeq: 0 })).ok).toBe(true);

  try {
    const japanese = send(writer, id, '東京に行きたいです', 'ja');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const russian = send(writer, id, 'Привет, как дела?', 'ru');
    const [ja, ru] = await Promise.all([japanese, russian]);
    expect(ja.seq).toBeLessThan(ru.seq);

    // Each reading reaches the reader live, with the muse or as its update.
    const readingOf = (museId: string) => heard.find((m) => m.id === museId && m.transliteration)?.transliteration;
    await expect.poll(() => readingOf(ja.id), { timeout: 15_000 }).toBe('tōkyō ni iki tai desu');
    await expect.poll(() => readingOf(ru.id), { timeout: 15_000 }).toBe('Privet, kak dela?');

    // And both are stored: a reader who opens the thread later sees them in send order.
    await t.app.muses.idle();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}/muses?after=0`,
      headers: reader.headers,
    });
    const stored = page.json<MusesPage>().muses;
    expect(stored.map((m) => [m.text, m.transliteration])).toEqual([
      ['東京に行きたいです', 'tōkyō ni iki tai desu'],
      ['Привет, как дела?', 'Privet, kak dela?'],
    ]);
  } finally {
    socket.disconnect();
  }
});

it('gives an edited muse the reading of its new text, after the edit is stored', async () => {
  const writer = await newAccount(t.app, { language: 'ru' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: writer.headers,
    payload: { kind: 'group', title: 'Edit', members: [(await newAccount(t.app)).username] },
  });
  const { id } = res.json<Conversation>();
  const muse = await send(writer, id, 'Привет', 'ru');
  const edited = await t.app.inject({
    method: 'PATCH',
    url: `/api/muses/${muse.id}`,
    headers: writer.headers,
    payload: { text: 'Пока' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  await t.app.muses.idle();
  const detail = await t.app.inject({ method: 'GET', url: `/api/muses/${muse.id}`, headers: writer.headers });
  expect(detail.json<Muse>().transliteration).toBe('Poka');
});
