import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { testApp, twoInstances, type TestApp } from '../../test/build-app';
import { newAccount, newConversation, signIn, strongPassword, type Member } from '../../test/factories';
import {
  baseUrl,
  connectSocket,
  joinConversation,
  listen,
  nextEvent,
  quietWindow,
  type Client,
} from '../../test/sockets';
import { createSessionsRepository } from '../../plugins/sessions.repository';

/** A socket as the web app opens one; resolves once connected, records why it was disconnected. */
async function open(app: FastifyInstance, token: string) {
  const disconnects: string[] = [];
  const socket = await connectSocket(app, token, {
    origin: baseUrl(app),
    // From before the handshake: a server that closes the socket at once is heard too.
    beforeConnect: (s) => s.on('disconnect', (reason) => disconnects.push(reason)),
  });
  return { socket, disconnects };
}

/** The handshake's answer: 'connected', or the server's refusal. */
async function handshake(app: FastifyInstance, token: string): Promise<string> {
  try {
    const { socket } = await open(app, token);
    socket.close();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  }
}

/** A socket that must stay open sends no event to wait for: the tests watch it this long. */
const STAYS_OPEN_MS = 300;

const closedByServer = async (client: { socket: Client; disconnects: string[] }) => {
  await expect.poll(() => client.disconnects, { timeout: 5_000 }).toEqual(['io server disconnect']);
  expect(client.socket.connected).toBe(false);
};

async function signOut(app: FastifyInstance, member: Member) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: member.headers });
  expect(res.statusCode, res.body).toBe(200);
}

describe('sockets live only as long as their session', () => {
  let t: TestApp;
  const sockets: Client[] = [];
  const track = async (token: string) => {
    const client = await open(t.app, token);
    sockets.push(client.socket);
    return client;
  };

  beforeAll(async () => {
    t = await testApp();
    await listen(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** A direct chat between the two, and `member`'s socket joined to it. */
  async function chat(member: Member, friend: Member, socket: Client) {
    const conversation = await newConversation(t.app, member, {
      kind: 'direct',
      members: [friend.username],
    });
    expect((await joinConversation(socket, conversation.id, 0)).ok).toBe(true);
    return conversation;
  }

  it('signing out closes the sockets of that session only, and its token no longer opens one', async () => {
    const laptop = await newAccount(t.app);
    const phone = await signIn(t.app, laptop.username, laptop.password);
    const friend = await newAccount(t.app);
    const a = await track(laptop.token);
    const b = await track(phone.token);
    const friends = await track(friend.token);
    const conversation = await chat(phone, friend, b.socket);

    await signOut(t.app, laptop);

    await closedByServer(a);
    await quietWindow(STAYS_OPEN_MS);
    expect(b.socket.connected).toBe(true);
    expect(b.disconnects).toEqual([]);
    expect(friends.socket.connected).toBe(true);

    // The other session's socket still hears the conversation.
    const clientId = randomUUID();
    const heard = nextEvent(b.socket, 'muse:new', (muse) => muse.clientId === clientId, 5_000);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/muses`,
      headers: friend.headers,
      payload: { clientId, text: 'Still there?', from: 'en' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await heard).id).toBe(sent.json<Muse>().id);

    expect(await handshake(t.app, laptop.token)).toBe('unauthorized');
    expect(await handshake(t.app, phone.token)).toBe('connected');
  });

  it('changing the password closes every socket of the account; the new token opens one that stays', async () => {
    const member = await newAccount(t.app);
    const phone = await signIn(t.app, member.username, member.password);
    const other = await newAccount(t.app);
    const own = await track(member.token);
    const ownSecond = await track(member.token);
    const phones = await track(phone.token);
    const others = await track(other.token);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: member.headers,
      payload: { currentPassword: member.password, newPassword: strongPassword() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<LoginResponse>();

    await closedByServer(own);
    await closedByServer(ownSecond);
    await closedByServer(phones);

    const kept = await track(fresh.token);
    await quietWindow(STAYS_OPEN_MS);
    expect(kept.socket.connected).toBe(true);
    expect(kept.disconnects).toEqual([]);
    expect(others.socket.connected).toBe(true);
    expect(others.disconnects).toEqual([]);

    expect(await handshake(t.app, member.token)).toBe('unauthorized');
    expect(await handshake(t.app, phone.token)).toBe('unauthorized');
    expect(await handshake(t.app, fresh.token)).toBe('connected');
  });

  it('closes a socket whose session was revoked while its handshake was being checked', async () => {
    const member = await newAccount(t.app);
    const sessionId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).json<{
      sessionId: string;
    }>().sessionId;
    const original = t.app.callerFromToken.bind(t.app);
    let calls = 0;
    // The revocation lands (and is announced, to no socket yet) just after the handshake's check.
    t.app.callerFromToken = async (token) => {
      const caller = await original(token);
      if (++calls === 1) {
        const revoked = await createSessionsRepository(t.app.db).revoke(sessionId);
        t.app.sessionsRevoked({ accountId: member.userId, sessionIds: revoked });
      }
      return caller;
    };
    try {
      const client = await track(member.token);
      await closedByServer(client);
    } finally {
      t.app.callerFromToken = original;
    }
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});

describe('a socket closes when its session expires', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { sessionDays: 2 / 86_400 } }); // two seconds
    await listen(t);
  });
  afterAll(() => t.close());

  it('is closed by the server at expiry', async () => {
    const member = await newAccount(t.app);
    const client = await open(t.app, member.token);
    expect(client.disconnects).toEqual([]);
    await expect.poll(() => client.disconnects, { timeout: 5_000, interval: 100 }).toEqual(['io server disconnect']);
    expect(await handshake(t.app, member.token)).toBe('unauthorized');
  });
});

// Two instances need one shared PostgreSQL and Redis: the PGlite run has neither.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!databaseUrl)('revocation on one instance closes sockets on another', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    two = await twoInstances(databaseUrl!, redisUrl);
  });
  afterAll(() => two.close());

  it('signing out through instance A closes the socket on instance B', async () => {
    const [a, b] = two.apps;
    const laptop = await newAccount(a);
    const phone = await signIn(a, laptop.username, laptop.password);
    const onB = await open(b, laptop.token);
    const phoneOnB = await open(b, phone.token);

    await signOut(a, laptop);

    await closedByServer(onB);
    await quietWindow(STAYS_OPEN_MS);
    expect(phoneOnB.socket.connected).toBe(true);
    phoneOnB.socket.close();
  });
});
