import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MusesPage } from '@tolk/shared/schemas/conversations';
import type { Order } from '@tolk/shared/schemas/orders';
import type { NotificationsPage, NotificationSettings } from '@tolk/shared/schemas/notifications';
import type { Thing } from '@tolk/shared/schemas/things';
import { testApp, testConfig, type TestApp } from '../../test/build-app';
import { expectNotFound, newAccount, newConversation, postMuse, type Member } from '../../test/factories';
import { connectSocket, joinConversation, listen, nextEvent, type Client } from '../../test/sockets';

/** Issue 32: notifications in the app: stored per member, counted live, read, never across a block. */

let t: TestApp;
let ana: Member;
let ben: Member;
let cleo: Member;
let benSocket: Client;

beforeAll(async () => {
  // Muses are told of at once here: the delay is for readers on the screen, tested apart below.
  t = await testApp({ config: { notifications: { ...testConfig().notifications, museDelayMs: 0 } } });
  await listen(t.app);
  [ana, ben, cleo] = await Promise.all([
    newAccount(t.app, { displayName: 'Ana', language: 'es' }),
    newAccount(t.app, { displayName: 'Ben', language: 'en' }),
    newAccount(t.app, { displayName: 'Cleo', language: 'en' }),
  ]);
  benSocket = await connectSocket(t.app, ben.token);
});
afterAll(async () => {
  benSocket.close();
  await t.close();
});

const page = async (who: Member, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsPage>();
};
/**
 * The member's newest notification of `topic` once it is stored: the acting request answers
 * before its notification is written (notify is not awaited on that path).
 */
async function newest(who: Member, topic: string) {
  await expect
    .poll(async () => (await page(who)).items.some((item) => item.topic === topic && !item.readAt))
    .toBe(true);
  return (await page(who)).items.find((item) => item.topic === topic && !item.readAt)!;
}
const put = (who: Member, url: string) => t.app.inject({ method: 'PUT', url, headers: who.headers });
const readAll = async (who: Member) => {
  expect((await put(who, '/api/notifications/read')).statusCode).toBe(204);
};

describe('connections', () => {
  it('tells the other member of a request, live, and the requester of the acceptance', async () => {
    const live = nextEvent(benSocket, 'notifications', (event) => event.unread === 1);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${ben.userId}/request`,
      headers: ana.headers,
      payload: { note: 'Hola' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await live).toEqual({ unread: 1 });
    await newest(ben, 'connection');

    const benPage = await page(ben);
    expect(benPage.unread).toBe(1);
    expect(benPage.items).toHaveLength(1);
    expect(benPage.items[0]).toMatchObject({
      topic: 'connection',
      event: 'requested',
      actor: { id: ana.userId, username: ana.username, displayName: 'Ana' },
      link: `/connect/${ana.userId}`,
      readAt: null,
    });
    // Who acted is not told of it.
    expect((await page(ana)).items).toHaveLength(0);

    const connections = await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: ben.headers });
    const incoming = connections.json<{ incoming: { id: string }[] }>().incoming[0]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/connect/connections/${incoming.id}/accept`,
      headers: ben.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await newest(ana, 'connection');
    const anaPage = await page(ana);
    expect(anaPage.items.map((item) => [item.topic, item.event, item.actor?.id])).toEqual([
      ['connection', 'accepted', ben.userId],
    ]);
  });

  it('marks one read, and answers 404 for another member’s notification', async () => {
    const [notification] = (await page(ben)).items;
    expectNotFound(await put(ana, `/api/notifications/${notification!.id}/read`));
    const live = nextEvent(benSocket, 'notifications', (event) => event.unread === 0);
    expect((await put(ben, `/api/notifications/${notification!.id}/read`)).statusCode).toBe(204);
    expect(await live).toEqual({ unread: 0 });
    const after = await page(ben);
    expect(after.unread).toBe(0);
    expect(after.items[0]!.readAt).not.toBeNull();
    expectNotFound(await put(ben, `/api/notifications/${randomUUID()}/read`));
  });
});

describe('muses', () => {
  it('makes one notification per conversation until read, in the reader’s language', async () => {
    await readAll(ben);
    const chat = await newConversation(t.app, ana, { kind: 'direct', members: [ben.username] });
    await postMuse(t.app, ana, chat.id, 'Hola, ¿cómo estás?', 'es');
    await postMuse(t.app, ana, chat.id, 'Mañana vamos al mercado.', 'es');
    await t.app.muses.idle();
    await t.app.outbox.runDue();
    const third = await postMuse(t.app, ana, chat.id, 'Adiós', 'es');
    await t.app.muses.idle();
    await t.app.outbox.runDue();

    const benPage = await page(ben);
    const muses = benPage.items.filter((item) => item.topic === 'muse');
    expect(muses).toHaveLength(1);
    expect(muses[0]).toMatchObject({
      event: 'new',
      count: 3,
      actor: { id: ana.userId },
      link: `/muses/${chat.id}`,
      data: { seq: String(third.seq), museId: third.id },
    });
    // Ben reads English: the preview is the translation he reads when one is ready, else the
    // original, marked as in its language.
    const { preview, previewLanguage } = muses[0]!.data;
    const shown = await t.app.inject({ url: `/api/conversations/${chat.id}/muses?after=0`, headers: ben.headers });
    const translation = shown.json<MusesPage>().muses.find((m) => m.id === third.id)?.translation;
    if (translation?.text)
      expect({ preview, previewLanguage }).toEqual({ preview: translation.text, previewLanguage: undefined });
    else expect({ preview, previewLanguage }).toEqual({ preview: 'Adiós', previewLanguage: 'es' });
    // Ana sent them: she hears nothing of her own muses.
    expect((await page(ana)).items.filter((item) => item.topic === 'muse')).toHaveLength(0);

    // Reading the conversation reads its notification.
    const live = nextEvent(benSocket, 'notifications', (event) => event.unread === 0);
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${chat.id}/me`,
      headers: ben.headers,
      payload: { lastReadSeq: third.seq },
    });
    expect(read.statusCode, read.body).toBe(200);
    await live;
    expect((await page(ben)).unread).toBe(0);

    // A later muse makes a new one.
    await postMuse(t.app, ana, chat.id, 'Una cosa más', 'es');
    await t.app.muses.idle();
    await t.app.outbox.runDue();
    const again = (await page(ben)).items.filter((item) => item.topic === 'muse');
    expect(again).toHaveLength(2);
    expect(again[0]).toMatchObject({ count: 1, readAt: null });
  });

  it('never tells a member of muses from someone with a block between them', async () => {
    const group = await newConversation(t.app, ben, {
      kind: 'group',
      title: 'Club',
      members: [ana.username, cleo.username],
    });
    const blocked = await put(cleo, `/api/connect/people/${ana.userId}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    await readAll(ben);
    await readAll(cleo);
    await postMuse(t.app, ana, group.id, 'Hola a todos', 'es');
    await t.app.muses.idle();
    await t.app.outbox.runDue();
    const benMuses = (await page(ben)).items.filter((item) => item.topic === 'muse' && !item.readAt);
    expect(benMuses).toHaveLength(1);
    expect(benMuses[0]!.data.title).toBe('Club');
    expect((await page(cleo)).items.filter((item) => item.topic === 'muse')).toHaveLength(0);
  });
});

describe('orders', () => {
  it('tells the seller of an order and the buyer of its acceptance', async () => {
    const offered = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: ben.headers,
      payload: { name: 'City walk', priceMinor: 1500, currency: 'EUR', unit: 'item', visibility: 'offered' },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const thing = offered.json<Thing>();
    await readAll(ben);
    await readAll(ana);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ana.headers,
      payload: { thingId: thing.id, quantity: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json<Order>();
    expect(await newest(ben, 'order')).toMatchObject({
      topic: 'order',
      event: 'placed',
      actor: { id: ana.userId },
      data: { title: 'City walk' },
      link: `/order/${order.id}`,
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/accept`,
      headers: ben.headers,
      payload: { version: order.version },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await newest(ana, 'order')).toMatchObject({ topic: 'order', event: 'accepted', actor: { id: ben.userId } });
  });
});

describe('pages and settings', () => {
  it('pages newest first by a cursor', async () => {
    const first = await page(ben, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(ben, `?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.items[0]!.updatedAt <= first.items[0]!.updatedAt).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications?cursor=nonsense', headers: ben.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each member’s channels per topic, defaults for the rest', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: cleo.headers });
    expect(get.json<NotificationSettings>().topics.order).toEqual({ push: true, email: true });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: cleo.headers,
      payload: { topics: { order: { email: false }, muse: { push: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const topics = saved.json<NotificationSettings>().topics;
    expect(topics.order).toEqual({ push: true, email: false });
    expect(topics.muse).toEqual({ push: false, email: true });
    expect(topics.connection).toEqual({ push: true, email: true });
    const other = await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: ana.headers });
    expect(other.json<NotificationSettings>().topics.order).toEqual({ push: true, email: true });
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: cleo.headers,
      payload: { topics: { nonsense: { push: true } } },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('a reader on the conversation’s screen', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await testApp({ config: { notifications: { ...testConfig().notifications, museDelayMs: 400 } } });
    await listen(slow.app);
  });
  afterAll(() => slow.close());

  it('is not told of the muses they read as they arrive; a member away is', async () => {
    const [dora, eli, fay] = await Promise.all([
      newAccount(slow.app, { displayName: 'Dora' }),
      newAccount(slow.app, { displayName: 'Eli' }),
      newAccount(slow.app, { displayName: 'Fay' }),
    ]);
    const group = await newConversation(slow.app, dora, {
      kind: 'group',
      title: 'Walk',
      members: [eli.username, fay.username],
    });
    // Eli has the thread open: the web app marks each muse read as it shows it.
    const eliSocket = await connectSocket(slow.app, eli.token);
    try {
      await joinConversation(eliSocket, group.id);
      eliSocket.on('muse:new', (muse) => {
        eliSocket.emit('read', { conversationId: group.id, seq: muse.seq });
      });
      const sent = await postMuse(slow.app, dora, group.id, 'Meet at nine at the station', 'en');
      const readEvent = nextEvent(eliSocket, 'read', (event) => event.seq === sent.seq);
      await readEvent;
      await slow.app.muses.idle();
      // The look at the conversation is due at most two delays after the muse.
      await new Promise((resolve) => setTimeout(resolve, 850));
      await slow.app.outbox.runDue();
      const pageOf = async (who: Member) =>
        (
          await slow.app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers })
        ).json<NotificationsPage>();
      expect((await pageOf(eli)).items).toHaveLength(0);
      expect((await pageOf(fay)).items.map((item) => [item.topic, item.count])).toEqual([['muse', 1]]);
    } finally {
      eliSocket.close();
    }
  });
});
