// Fan-out bench floors: the raw ws broadcast baseline and the bare Socket.IO relay, with their Muse-like messages.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { SOCKET_SERVER_OPTIONS } from '../../apps/server/src/plugins/realtime';
import { connectAll, connectSocketIo, opened } from './clients';
import { result, Tracker, warmThenMeasure, type RunResult } from './measure';
import { clientIndex, GROUP_SIZE, type Job } from './options';

/** A message shaped and sized like the Muse a Tolk reader receives. */
function museLike(conversation: number, clientId: string, job: Job, seq: number): Muse {
  const to = job.language === 'en' ? 'es' : 'en';
  return {
    id: randomUUID(),
    conversationId: `00000000-0000-4000-8000-${conversation.toString().padStart(12, '0')}`,
    seq,
    clientId,
    sender: { username: `fan-${clientIndex(conversation, job.sender)}`, displayName: '', memberId: randomUUID() },
    side: null,
    text: job.text,
    from: job.language,
    detectedFrom: null,
    transliteration: null,
    photo: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deleted: false,
    translation: {
      to,
      text: job.text,
      transliteration: null,
      engine: 'apertium',
      state: 'ready',
      reason: null,
      pivot: null,
    },
  };
}

/** A relay run's send: a Muse-like message from the job's sender, done when the whole group has it. */
function relaySend(tracker: Tracker, deliver: (job: Job, message: Muse) => unknown) {
  let seq = 0;
  return async (job: Job) => {
    const clientId = randomUUID();
    const { sent, delivered } = tracker.send(clientId, GROUP_SIZE, job.measured);
    const message = museLike(job.conversation, clientId, job, ++seq);
    sent();
    await deliver(job, message);
    await delivered;
  };
}

/** Listens on a free loopback port; resolves to the port. */
async function listenOnLoopback(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Resolves when a server's `close` calls back. */
const closing = (server: { close(callback: () => void): unknown }) =>
  new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });

// ---------------------------------------------------------------------------------------------
// 1. Baseline: raw ws broadcast

/** A ws frame's payload as text (a Buffer unless fragmented or configured otherwise). */
const textOf = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');

export async function baseline(): Promise<RunResult> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  const groups = new Map<number, Set<WebSocket>>();
  wss.on('connection', (ws, request) => {
    const group = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('g'));
    let members = groups.get(group);
    if (!members) groups.set(group, (members = new Set()));
    const own = members;
    own.add(ws);
    ws.on('close', () => own.delete(ws));
    ws.on('message', (data) => {
      // Parse and serialise once per message, as a chat server must at the least.
      const message = JSON.parse(textOf(data)) as Muse;
      const out = JSON.stringify(message);
      for (const member of own) member.send(out);
    });
  });
  const port = await listenOnLoopback(server);

  const tracker = new Tracker();
  const { clients, connectMs, before, after } = await connectAll(50, async (i) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/?g=${Math.floor(i / GROUP_SIZE)}`);
    await opened(ws, 'open', 'error');
    ws.on('message', (data) => {
      const muse = JSON.parse(textOf(data)) as Muse;
      tracker.received(muse.clientId);
    });
    return ws;
  });

  const measured = await warmThenMeasure(
    'baseline',
    tracker,
    relaySend(tracker, (job, message) => {
      clients[clientIndex(job.conversation, job.sender)]!.send(JSON.stringify(message));
    }),
  );

  await Promise.all(
    clients.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => {
            resolve();
          });
          ws.close();
        }),
    ),
  );
  await closing(wss);
  await closing(server);
  return result('raw ws baseline', measured, tracker, before, after, connectMs);
}

// ---------------------------------------------------------------------------------------------
// 2. Floor: bare Socket.IO relay

/**
 * Socket.IO configured as Tolk configures it (connection-state recovery, the same limits), relaying
 * each message to its group's room and nothing else: no accounts, no database, no translation.
 * The same socket.io-client clients as Tolk's run. What any Socket.IO server can at best do on this
 * machine, and so the part of the gap to the raw baseline that no application code can close.
 */
export async function socketIoFloor(): Promise<RunResult> {
  const server = http.createServer();
  const io = new SocketIoServer(server, SOCKET_SERVER_OPTIONS);
  io.on('connection', (socket) => {
    const room = `g:${String(socket.handshake.auth.g)}`;
    void socket.join(room);
    socket.on('send', (message: Muse, ack: (ok: boolean) => void) => {
      ack(true);
      io.to(room).emit('muse', message);
    });
  });
  const port = await listenOnLoopback(server);

  const tracker = new Tracker();
  const { clients, connectMs, before, after } = await connectAll(20, async (i) => {
    const socket = await connectSocketIo(port, { g: Math.floor(i / GROUP_SIZE) });
    socket.on('muse', (muse: Muse) => {
      tracker.received(muse.clientId);
    });
    return socket;
  });

  const measured = await warmThenMeasure(
    'floor',
    tracker,
    relaySend(tracker, (job, message) =>
      clients[clientIndex(job.conversation, job.sender)]!.emitWithAck('send', message),
    ),
  );

  for (const socket of clients) socket.disconnect();
  await io.close();
  return result('bare Socket.IO relay', measured, tracker, before, after, connectMs);
}
