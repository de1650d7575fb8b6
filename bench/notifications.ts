// What telling members of muses costs the sender (issue 32): a group of 200 where the sender and
// 9 readers have the chat open (sockets joined) and 190 members are away. The sender sends muses
// over the socket, one at a time, and we time each acknowledgement; and, for a first muse, how
// long until every one of the 190 has its notification stored. Run twice on fresh PGlite databases:
// with muse notifications off (the delay null) and on with no delay (the worst case for the
// sender: a look at the conversation after every muse, made while the next ones are sent).
// Run: npx tsx bench/notifications.ts [muses, default 200]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { notifications } from '../apps/server/src/db/schema/notifications';
import { bootstrap } from '../apps/server/src/modules/accounts/bootstrap';
import { emptyProfile } from '../apps/server/src/modules/profiles/profiles.service';
import { apiPost } from './api-post';

const MUSES = Number(process.argv[2] ?? 200);
const MEMBERS = 200;
const ONLINE_READERS = 9;
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** off: nobody told of muses; default: told after TOLK_MUSE_NOTICE_DELAY_SECONDS (3); instant: at once. */
async function run(mode: 'off' | 'default' | 'instant') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-notify-'));
  const base = loadConfig({
    TOLK_DATA_DIR: dataDir,
    TOLK_WEB_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    TOLK_WARM_UP: 'false',
  });
  const config = {
    ...base,
    notifications: {
      ...base.notifications,
      museDelayMs: mode === 'off' ? null : mode === 'instant' ? 0 : base.notifications.museDelayMs,
    },
    limits: { ...base.limits, musesPerMinute: 100_000 },
  };
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  await database.migrate();
  await bootstrap(database.db, 'Bench-password-1234', emptyProfile);
  // The outbox looks for due work every 50 ms (a quiet server's default is a second).
  const app = await buildApp({
    config,
    database,
    logger: false,
    registerLimit: { max: 10_000, timeWindow: 60_000 },
    translationEngines: [],
    outbox: { pollMs: 50 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = <T>(route: string, body: unknown, token?: string) => apiPost<T>(url, route, body, token);
  const members: { token: string; username: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    members.push(
      await post('/api/auth/register', {
        username: `n${i}-${randomUUID().slice(0, 6)}`,
        password: 'Bench-password-1234',
        language: 'en',
      }),
    );
  }
  const [sender, ...others] = members;
  const group = await post<{ id: string }>(
    '/api/conversations',
    { kind: 'group', title: 'Bench', members: others.slice(0, 50).map((m) => m.username) },
    sender!.token,
  );
  for (let from = 50; from < others.length; from += 50) {
    await post(
      `/api/conversations/${group.id}/members`,
      { members: others.slice(from, from + 50).map((m) => m.username) },
      sender!.token,
    );
  }
  const open = async (token: string): Promise<Client> => {
    const socket: Client = connect(url, { auth: { token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    await socket.emitWithAck('conversation:join', { conversationId: group.id, lastSeq: 0 });
    return socket;
  };
  const senderSocket = await open(sender!.token);
  // The readers with the chat open read each muse as it arrives, as the web app does.
  const readers = await Promise.all(others.slice(0, ONLINE_READERS).map((m) => open(m.token)));
  for (const reader of readers) {
    reader.on('muse:new', (muse) => {
      reader.emit('read', { conversationId: group.id, seq: muse.seq });
    });
  }

  const send = async (i: number) => {
    const ack = await senderSocket.emitWithAck('muse:send', {
      conversationId: group.id,
      clientId: randomUUID(),
      text: `Muse number ${i} for the whole group`,
      from: 'en',
    });
    if (!ack.ok) throw new Error(JSON.stringify(ack));
  };
  const away = others.length - ONLINE_READERS;
  const notified = async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.topic, 'muse'), isNull(notifications.readAt), eq(notifications.subject, group.id)));
    return row?.n ?? 0;
  };

  // One muse on a quiet server, told at once: how long until every away member's notification is stored.
  let storedAfter: number | null = null;
  const first = performance.now();
  await send(-1);
  if (mode === 'instant') {
    while ((await notified()) < away) {
      if (performance.now() - first > 30_000)
        throw new Error(`only ${await notified()} of ${away} notified after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    storedAfter = performance.now() - first;
  }

  // Then muses one after another: each acknowledgement, while notifications are being made.
  const acks: number[] = [];
  for (let i = 0; i < (mode === 'instant' ? 0 : MUSES); i++) {
    const started = performance.now();
    await send(i);
    acks.push(performance.now() - started);
  }
  await app.outbox.runDue();
  for (const socket of [senderSocket, ...readers]) socket.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { acks, storedAfter };
}

const off = await run('off');
const on = await run('default');
const instant = await run('instant');
const line = (label: string, acks: number[]) =>
  `${label}: ack p50 ${percentile(acks, 50).toFixed(2)} ms, p99 ${percentile(acks, 99).toFixed(2)} ms`;
console.log(
  `${MUSES} muses to a group of ${MEMBERS} (${ONLINE_READERS} readers on the chat, ${MEMBERS - 1 - ONLINE_READERS} away), PGlite`,
);
console.log(line('notifications off', off.acks));
console.log(line('notifications on (3 s delay)', on.acks));
console.log(
  `p99 on/off: ${(percentile(on.acks, 99) / percentile(off.acks, 99)).toFixed(2)}x; one muse's ${MEMBERS - 1 - ONLINE_READERS} notifications, told at once, all stored ${instant.storedAfter?.toFixed(0)} ms after it was sent`,
);
process.exit(0);
