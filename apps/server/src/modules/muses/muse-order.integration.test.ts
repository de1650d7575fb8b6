import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount, newConversation, postMuse, type Member } from '../../test/factories';
import { connectSocket, joinConversation, listen } from '../../test/sockets';

/**
 * Issue 19: nothing slow runs between receiving a send and appending it. On a cold server the
 * first Japanese muse loads the romaji dictionary (about a second); a Russian muse sent 50 ms
 * later must still come after it, and both readings must reach the reader.
 */
let t: TestApp;

beforeAll(async () => {
  // The real translation module and transliteration, with no engine: only the readings matter here.
  t = await testApp({ translationEngines: [] });
  await listen(t);
});
afterAll(() => t.close());

const send = (member: Member, conversationId: string, text: string, from: string) =>
  postMuse(t.app, member, conversationId, text, from);

it('keeps a cold Japanese muse before a Russian one sent 50 ms later, and both readings arrive', async () => {
  const writer = await newAccount(t.app, { language: 'en' });
  const reader = await newAccount(t.app, { language: 'en' });
  const { id } = await newConversation(t.app, writer, { kind: 'group', title: 'Order', members: [reader.username] });

  const socket = await connectSocket(t, reader.token);
  const heard: Muse[] = [];
  socket.on('muse:new', (muse) => heard.push(muse));
  socket.on('muse:updated', (muse) => heard.push(muse));
  expect((await joinConversation(socket, id, 0)).ok).toBe(true);

  try {
    const japanese = send(writer, id, '東京に行きたいです', 'ja');
    // The 50 ms are the scenario (issue 19: a second muse while the first is still cold), not settling.
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
  const { id } = await newConversation(t.app, writer, {
    kind: 'group',
    title: 'Edit',
    members: [(await newAccount(t.app)).username],
  });
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
