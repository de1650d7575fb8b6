import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import { twoInstances } from '../../test/build-app';
import { newAccount } from '../../test/factories';

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
    const created = await a.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: english.headers,
      payload: { kind: 'direct', members: [spanish.username] },
    });
    const conversation = created.json<Conversation>();

    const port = (b.server.address() as AddressInfo).port;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(`http://127.0.0.1:${port}`, {
      auth: { token: spanish.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const received: Muse[] = [];
    socket.on('muse:new', (muse) => received.push(muse));
    socket.on('muse:updated', (muse) => received.push(muse));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await socket.emitWithAck('conversation:join', { conversationId: conversation.id, lastSeq: 0 });
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
});
