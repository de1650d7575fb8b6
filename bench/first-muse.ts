// The acknowledgement latency of the first Japanese muse on a freshly started server: the time
// from sending it to the sender's answer (the stored muse with its sequence), and when its
// reading (romaji) reaches another member. Then the same for a second muse, once the dictionary
// is loaded. A throwaway PGlite database; the app as `npm start` builds it, warm-up off first
// (the cold case) and then on, waited for through /api/health/ready.
// Run: npx tsx bench/first-muse.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { buildApp } from '../apps/server/src/app';
import { apiPost } from './api-post';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { bootstrap } from '../apps/server/src/modules/accounts/bootstrap';
import { emptyProfile } from '../apps/server/src/modules/profiles/profiles.service';

async function run(warmUp: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-first-'));
  const config = {
    ...loadConfig({ TOLK_DATA_DIR: dataDir, TOLK_WEB_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' }),
    warmUp,
  };
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  await database.migrate();
  await bootstrap(database.db, 'Bench-password-1234', emptyProfile);
  const app = await buildApp({ config, database, logger: false, registerLimit: { max: 1000, timeWindow: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = <T>(url: string, body: unknown, token?: string) => apiPost<T>(base, url, body, token);
  const member = (language: string) =>
    post<{ token: string; username: string }>('/api/auth/register', {
      username: `bench-${randomUUID().slice(0, 8)}`,
      password: 'Bench-password-1234',
      language,
    });
  const writer = await member('ja');
  const reader = await member('en');
  if (warmUp) {
    const started = performance.now();
    while ((await fetch(`${base}/api/health/ready`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
    console.log(`  ready after listen + ${(performance.now() - started).toFixed(0)} ms of polling`);
  }
  const { id } = await post<{ id: string }>(
    '/api/conversations',
    { kind: 'direct', members: [reader.username] },
    writer.token,
  );
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(base, {
    auth: { token: reader.token },
    transports: ['websocket'],
    forceNew: true,
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await socket.emitWithAck('conversation:join', { conversationId: id, lastSeq: 0 });
  const readings = new Map<string, number>();
  const heard = (muse: Muse) => {
    if (muse.transliteration && !readings.has(muse.id)) readings.set(muse.id, performance.now());
  };
  socket.on('muse:new', heard);
  socket.on('muse:updated', heard);

  for (const [label, text] of [
    ['first Japanese muse', '東京に行きたいです'],
    ['second Japanese muse', '明日は雨が降るでしょう'],
  ] as const) {
    const sent = performance.now();
    const muse = await post<Muse>(
      `/api/conversations/${id}/muses`,
      { clientId: randomUUID(), text, from: 'ja' },
      writer.token,
    );
    const acked = performance.now();
    while (!readings.has(muse.id)) await new Promise((r) => setTimeout(r, 2));
    console.log(
      `  ${label}: acknowledged in ${(acked - sent).toFixed(1)} ms (seq ${muse.seq}), reading at the reader after ${(readings.get(muse.id)! - sent).toFixed(1)} ms`,
    );
  }
  socket.disconnect();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log('Cold server (warm-up off):');
await run(false);
console.log('Server warmed up at start (the default):');
await run(true);
