import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationSummary, Muse } from '@tolk/shared/schemas/conversations';
import type { Order } from '@tolk/shared/schemas/orders';
import type { Person } from '@tolk/shared/schemas/persons';
import type { Profile } from '@tolk/shared/schemas/profile';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { OfferedThing, Thing } from '@tolk/shared/schemas/things';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newConversation,
  postMuse,
  type Member,
} from '../../test/factories';
import { connectSocket, joinedConversation, listen, quietWindow, type Client } from '../../test/sockets';
import { tinyPng, uploadPhoto } from '../uploads/upload-fixtures';

/**
 * The block matrix (issue 29): after X blocks Y, neither reaches the other on any path, either
 * way; reporting stays possible; an unblock restores every path.
 */
let t: TestApp;
let x: Member;
let y: Member;
let z: Member;
/** A member who takes messages from connections only. */
let w: Member;
let direct: Conversation;
let group: Conversation;
let xThing: Thing;
let xPhoto: Photo;
let xAvatarUrl: string;
let pendingOrder: Order;
let yThing: Thing;
const sockets: Client[] = [];

const inject = (
  member: Member,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: member.headers, ...(payload === undefined ? {} : { payload }) });

const sendMuse = (member: Member, conversationId: string, text: string) =>
  inject(member, 'POST', `/api/conversations/${conversationId}/muses`, { clientId: randomUUID(), text, from: 'en' });

async function page(member: Member, conversationId: string): Promise<Muse[]> {
  const res = await inject(member, 'GET', `/api/conversations/${conversationId}/muses`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ muses: Muse[] }>().muses;
}

async function offeredBy(viewer: Member, owner: Member): Promise<OfferedThing[]> {
  const res = await inject(viewer, 'GET', `/api/things?owner=${encodeURIComponent(owner.username)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: OfferedThing[] }>().items;
}

async function block(by: Member, other: Member) {
  expect((await inject(by, 'PUT', `/api/connect/people/${other.userId}/block`)).statusCode).toBe(200);
}
async function unblock(by: Member, other: Member) {
  expect((await inject(by, 'DELETE', `/api/connect/people/${other.userId}/block`)).statusCode).toBe(200);
}

async function socketOf(member: Member): Promise<Client> {
  const socket = await connectSocket(t, member.token);
  sockets.push(socket);
  return socket;
}

/** Every muse:new and typing event a socket hears, to assert what never arrives. */
function heard(socket: Client) {
  const muses: Muse[] = [];
  const typing: string[] = [];
  socket.on('muse:new', (muse) => muses.push(muse));
  socket.on('typing', (event) => typing.push(event.username));
  return { muses, typing };
}

beforeAll(async () => {
  t = await testApp();
  await listen(t);
  x = await newAccount(t.app, { displayName: 'Xenia', language: 'en' });
  y = await newAccount(t.app, { displayName: 'Yannick', language: 'en' });
  z = await newAccount(t.app, { displayName: 'Zora', language: 'en' });
  w = await newAccount(t.app, { displayName: 'Wanda', language: 'en' });
  expect((await inject(w, 'PUT', '/api/profile', { messagePolicy: 'connections' })).statusCode).toBe(200);
  direct = await newConversation(t.app, y, { kind: 'direct', members: [x.username] });
  group = await newConversation(t.app, z, { kind: 'group', title: 'Trip', members: [x.username, y.username] });
  const upload = await uploadPhoto(t.app, x.headers, await tinyPng());
  expect(upload.statusCode, upload.body).toBe(201);
  xPhoto = upload.json<Photo>();
  const thing = await inject(x, 'POST', '/api/things', {
    name: 'Paella class',
    description: 'Cook a paella with me.',
    priceMinor: 2000,
    currency: 'EUR',
    unit: 'item',
    visibility: 'offered',
    photoIds: [xPhoto.id],
  });
  expect(thing.statusCode, thing.body).toBe(201);
  xThing = thing.json<Thing>();
  const avatar = await uploadPhoto(t.app, x.headers, await tinyPng('#ff0000'), {
    url: '/api/profile/avatar',
    method: 'PUT',
  });
  expect(avatar.statusCode, avatar.body).toBe(200);
  xAvatarUrl = avatar.json<Profile>().avatarUrl!;
  const ordered = await inject(y, 'POST', '/api/orders', { thingId: xThing.id, quantity: 1, note: 'Two of us?' });
  expect(ordered.statusCode, ordered.body).toBe(201);
  pendingOrder = ordered.json<Order>();
  const offered = await inject(y, 'POST', '/api/things', {
    name: 'Bike repair',
    description: 'I fix bikes.',
    priceMinor: 500,
    currency: 'EUR',
    unit: 'item',
    visibility: 'offered',
  });
  expect(offered.statusCode, offered.body).toBe(201);
  yThing = offered.json<Thing>();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** What Y can do to reach X (and X to reach Y), asserted all at once: `open` before a block and after the unblock. */
async function expectReach(open: boolean) {
  // Direct muses, both ways.
  for (const [from, to] of [
    [y, x],
    [x, y],
  ] as const) {
    const sent = await sendMuse(from, direct.id, `Hello ${to.displayName}`);
    if (open) expect(sent.statusCode, sent.body).toBe(201);
    else expectForbidden(sent);
  }
  // Groups with the other, both ways.
  for (const [from, to] of [
    [y, x],
    [x, y],
  ] as const) {
    const made = await inject(from, 'POST', '/api/conversations', {
      kind: 'group',
      members: [to.username, z.username],
    });
    if (open) expect(made.statusCode, made.body).toBe(201);
    else expect(expectError(made, 400, 'validation_failed').fields?.members).toBeDefined();
  }
  // The blocker does not reach the blocked member's offers either.
  expect((await offeredBy(x, y)).map((thing) => thing.id)).toEqual(open ? [yThing.id] : []);
  const byBlocker = await inject(x, 'POST', '/api/orders', { thingId: yThing.id, quantity: 1 });
  if (open) expect(byBlocker.statusCode, byBlocker.body).toBe(201);
  else expectNotFound(byBlocker);
  expect((await inject(x, 'GET', `/api/connect/people/${y.userId}`)).statusCode).toBe(open ? 200 : 404);
  // Offers, their photo, the avatar.
  expect((await offeredBy(y, x)).map((thing) => thing.id)).toEqual(open ? [xThing.id] : []);
  expect((await inject(y, 'GET', `/api/uploads/${xPhoto.id}`)).statusCode).toBe(open ? 200 : 404);
  expect((await inject(y, 'GET', xAvatarUrl)).statusCode).toBe(open ? 200 : 404);
  // Ordering, and the note of an order made before.
  const ordered = await inject(y, 'POST', '/api/orders', { thingId: xThing.id, quantity: 1 });
  if (open) expect(ordered.statusCode, ordered.body).toBe(201);
  else expectNotFound(ordered);
  const current = (await inject(y, 'GET', `/api/orders/${pendingOrder.id}`)).json<Order>();
  const edited = await inject(y, 'PATCH', `/api/orders/${pendingOrder.id}`, {
    version: current.version,
    note: 'Three of us?',
  });
  if (open) expect(edited.statusCode, edited.body).toBe(200);
  else expectForbidden(edited);
  // A person record linked to the other, both ways.
  for (const [from, to] of [
    [y, x],
    [x, y],
  ] as const) {
    const linked = await inject(from, 'POST', '/api/persons', { name: 'Met at the market', username: to.username });
    if (open) expect(linked.json<Person>().account?.id, linked.body).toBe(to.userId);
    else expect(expectError(linked, 400, 'validation_failed').fields?.username).toBeDefined();
  }
  // The profile, and a request to connect.
  expect((await inject(y, 'GET', `/api/connect/people/${x.userId}`)).statusCode).toBe(open ? 200 : 404);
  // The direct conversation is out of both lists.
  for (const member of [x, y]) {
    const list = (await inject(member, 'GET', '/api/conversations')).json<ConversationSummary[]>();
    expect(list.some((conversation) => conversation.id === direct.id)).toBe(open);
  }
}

describe('a block blocks everywhere', () => {
  it('holds on every path, both ways, and an unblock restores them', async () => {
    await expectReach(true);
    await block(x, y);
    await expectReach(false);
    // Reporting the blocked member stays possible: block, then report, is the usual order.
    const reported = await inject(x, 'POST', '/api/reports', {
      targetKind: 'profile',
      targetId: y.userId,
      reason: 'spam',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await unblock(x, y);
    await expectReach(true);
  });

  it('in a group both are in, neither gets the other’s muses, typing or presence, live or in a list; others do', async () => {
    await block(x, y);
    const [xs, ys, zs] = [await socketOf(x), await socketOf(y), await socketOf(z)];
    const [xHeard, yHeard, zHeard] = [heard(xs), heard(ys), heard(zs)];
    const joins = await Promise.all([xs, ys, zs].map((socket) => joinedConversation(socket, group.id, group.lastSeq)));
    // Nobody blocked is listed online to the other.
    expect(joins[0]!.online).not.toContain(y.username);
    expect(joins[1]!.online).not.toContain(x.username);
    expect(joins[2]!.online).toEqual(expect.arrayContaining([x.username, y.username]));

    ys.emit('typing', { conversationId: group.id, typing: true });
    const fromY = (await sendMuse(y, group.id, 'Anyone for tapas?')).json<Muse>();
    const ack = await ys.timeout(5000).emitWithAck('muse:send', {
      conversationId: group.id,
      clientId: randomUUID(),
      text: 'Over the socket too',
      from: 'en',
    });
    expect(ack.ok).toBe(true);
    const fromX = (await sendMuse(x, group.id, 'I am in.')).json<Muse>();
    await t.app.muses.idle();
    await quietWindow(300);

    expect(zHeard.muses.map((muse) => muse.id)).toEqual(expect.arrayContaining([fromY.id, fromX.id]));
    expect(zHeard.typing).toContain(y.username);
    expect(xHeard.muses.map((muse) => muse.id)).toEqual([fromX.id]);
    expect(xHeard.typing).toEqual([]);
    expect(yHeard.muses.every((muse) => muse.id !== fromX.id)).toBe(true);
    // Lists and the catch-up after a rejoin leave them out too.
    expect((await page(x, group.id)).map((muse) => muse.id)).not.toContain(fromY.id);
    expect((await page(y, group.id)).map((muse) => muse.id)).not.toContain(fromX.id);
    expect((await page(z, group.id)).map((muse) => muse.id)).toEqual(expect.arrayContaining([fromY.id, fromX.id]));
    const replayed: Muse[] = [];
    const again = await socketOf(x);
    again.on('muse:new', (muse) => replayed.push(muse));
    const rejoin = await joinedConversation(again, group.id, 0);
    expect(replayed.map((muse) => muse.id)).toContain(fromX.id);
    expect(replayed.map((muse) => muse.id)).not.toContain(fromY.id);
    // The replay is complete through lastSeq: the client closes the hole Y's muses leave.
    expect(rejoin.lastSeq).toBeGreaterThanOrEqual(fromX.seq);
    // Neither adds the other anywhere.
    const other = await newConversation(t.app, y, { kind: 'group', members: [z.username] });
    expectError(
      await inject(y, 'POST', `/api/conversations/${other.id}/members`, { members: [x.username] }),
      400,
      'validation_failed',
    );
    await unblock(x, y);
    expect(
      (await inject(y, 'POST', `/api/conversations/${other.id}/members`, { members: [x.username] })).statusCode,
    ).toBe(200);
    expect((await page(x, group.id)).map((muse) => muse.id)).toContain(fromY.id);
  });

  it('keeps a sender who has left the group out of the catch-up of a member with a block between them', async () => {
    const chat = await newConversation(t.app, x, { kind: 'group', members: [y.username, z.username] });
    const fromY = (await sendMuse(y, chat.id, 'See you all at eight')).json<Muse>();
    const fromZ = (await sendMuse(z, chat.id, 'Count me in')).json<Muse>();
    await block(x, y);
    expect((await inject(y, 'DELETE', `/api/conversations/${chat.id}/members/${y.username}`)).statusCode).toBe(204);
    await t.app.muses.idle();
    // Several sockets at once, as after a restart: they share the read, each filtered for its reader.
    const [xs, xs2, zs] = [await socketOf(x), await socketOf(x), await socketOf(z)];
    const [xHeard, xHeard2, zHeard] = [heard(xs), heard(xs2), heard(zs)];
    await Promise.all([xs, xs2, zs].map((socket) => joinedConversation(socket, chat.id, 0)));
    for (const seen of [xHeard, xHeard2]) {
      expect(seen.muses.map((muse) => muse.id)).toEqual([fromZ.id]);
    }
    expect(zHeard.muses.map((muse) => muse.id)).toEqual([fromY.id, fromZ.id]);
    await unblock(x, y);
  });

  it('keeps "connections only" through groups too', async () => {
    const made = await inject(y, 'POST', '/api/conversations', { kind: 'group', members: [w.username, z.username] });
    expectForbidden(made);
    const mine = await newConversation(t.app, y, { kind: 'group', members: [z.username] });
    expectForbidden(await inject(y, 'POST', `/api/conversations/${mine.id}/members`, { members: [w.username] }));
    // Once connected, they may.
    const asked = await inject(y, 'POST', `/api/connect/people/${w.userId}/request`, { note: '' });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const incoming = (await inject(w, 'GET', '/api/connect/connections')).json<{ incoming: { id: string }[] }>();
    const accepted = await inject(w, 'POST', `/api/connect/connections/${incoming.incoming[0]!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await inject(y, 'POST', '/api/conversations', { kind: 'group', members: [w.username] })).statusCode).toBe(
      201,
    );
  });

  it('answers a muse retried after the block with the muse it repeats', async () => {
    const clientId = randomUUID();
    const first = await inject(y, 'POST', `/api/conversations/${direct.id}/muses`, {
      clientId,
      text: 'Before',
      from: 'en',
    });
    expect(first.statusCode, first.body).toBe(201);
    await block(x, y);
    const retried = await inject(y, 'POST', `/api/conversations/${direct.id}/muses`, {
      clientId,
      text: 'Before',
      from: 'en',
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Muse>().id).toBe(first.json<Muse>().id);
    await unblock(x, y);
    expect((await postMuse(t.app, y, direct.id, 'After')).text).toBe('After');
  });
});
