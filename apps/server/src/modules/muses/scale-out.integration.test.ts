import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { twoInstances } from '../../test/build-app';
import { newAccount, newConversation } from '../../test/factories';
import { connectSocket, joinConversation } from '../../test/sockets';

// Two instances need one shared PostgreSQL and Redis: the PGlite run has neither, the PostgreSQL run (CI) has both.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!databaseUrl)('two server instances on one PostgreSQL and Redis', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    two = await twoInstances(databaseUrl!, redisUrl);
  });
  afterAll(() => two.close());

  it('delivers a muse sent through instance A to a reader on instance B, in the reader’s language', async () => {
    const [a, b] = two.apps;
    const english = await newAccount(a, { language: 'en' });
    const spanish = await newAccount(b, { language: 'es' });
    const conversation = await newConversation(a, english, { kind: 'direct', members: [spanish.username] });

    const socket = await connectSocket(b, spanish.token);
    const received: Muse[] = [];
    socket.on('muse:new', (muse) => received.push(muse));
    socket.on('muse:updated', (muse) => received.push(muse));
    const ack = await joinConversation(socket, conversation.id, 0);
    expect(ack.ok).toBe(true);

    const sent = await a.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/muses`,
      headers: english.headers,
      payload: { clientId: randomUUID(), text: 'Good morning, my friend.', from: 'en' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect
      .poll(() => received.find((m) => m.id === sent.json<Muse>().id && m.translation?.state === 'ready'), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const delivered = received.filter((m) => m.id === sent.json<Muse>().id).at(-1)!;
    expect(delivered.translation?.to).toBe('es');
    expect(delivered.translation?.text).toMatch(/amigo/i);
    socket.close();
  });

  it('ends a session on every instance at once when it signs out on one, however recently the other read it', async () => {
    const [a, b] = two.apps;
    const member = await newAccount(a, { language: 'en' });
    const me = () => b.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    // Instance B has just read (and keeps for a few seconds) the caller of this token.
    expect((await me()).statusCode).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/api/auth/signout', headers: member.headers });
    expect(out.statusCode, out.body).toBeLessThan(300);
    await expect.poll(async () => (await me()).statusCode, { timeout: 2_000 }).toBe(401);
  });
});
