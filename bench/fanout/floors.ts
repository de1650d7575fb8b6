// Fan-out bench floors, run in the server process: the raw `ws` floor (just enough Engine.IO and
// Socket.IO framing for the same clients) and a bare Socket.IO relay configured as Tolk configures
// its server. Both take muses as Tolk does, over the socket (`muse:send` with an ack) and by
// POST /api/conversations/:id/muses, and send each group's sockets a Muse-like `muse:new`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import * as wsModule from 'ws';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { SOCKET_SERVER_OPTIONS } from '../../apps/server/src/plugins/realtime';

interface SendRequest {
  conversationId: string;
  clientId: string;
  text: string;
  from: string;
}

/** A message shaped and sized like the Muse a Tolk reader receives, translation ready. */
function museLike(conversationId: string, input: Omit<SendRequest, 'conversationId'>, seq: number): Muse {
  return {
    id: randomUUID(),
    conversationId,
    seq,
    clientId: input.clientId,
    sender: { username: 'fan-0', displayName: '', avatarUrl: null, memberId: randomUUID() },
    side: null,
    text: input.text,
    from: input.from,
    detectedFrom: null,
    transliteration: null,
    photo: null,
    voice: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deleted: false,
    translation: {
      to: input.from === 'en' ? 'es' : 'en',
      text: input.text,
      transliteration: null,
      engine: 'apertium',
      state: 'ready',
      reason: null,
      pivot: null,
    },
  };
}

/** POST /api/conversations/:id/muses: `relay` sends the muse and answers its JSON; 201 with it. */
function museRoute(relay: (conversationId: string, input: SendRequest) => string): http.RequestListener {
  return (request, response) => {
    const match = /^\/api\/conversations\/([^/]+)\/muses$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const json = relay(match[1]!, JSON.parse(Buffer.concat(chunks).toString()) as SendRequest);
      response
        .writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(json),
        })
        .end(json);
    });
  };
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export interface RunningServer {
  port: number;
  path: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The raw ws floor: one parse, one serialisation and one WebSocket frame per muse, written to every
// socket. The frame (header and payload) is built once and handed to each socket's sender, as
// Socket.IO's own broadcasts do (socket.io-adapter's wsPreEncodedFrame): without that the floor
// framed each delivery anew and did more work per socket than the relay it is a floor for.

interface FramedSocket {
  _sender: { sendFrame(frame: Buffer[]): void };
}
// ws exports its Sender (ESM), untyped in @types/ws.
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

export async function startWsFloor(): Promise<RunningServer> {
  const groups = new Map<string, Set<WebSocket>>();
  let seq = 0;
  /** Serialises the muse once and writes the same frame (one Buffer) to every socket of its group. */
  const relay = (conversationId: string, input: SendRequest) => {
    const json = JSON.stringify(museLike(conversationId, input, ++seq));
    const frame = Sender.frame(Buffer.from(`42["muse:new",${json}]`), {
      readOnly: false,
      mask: false,
      rsv1: false,
      opcode: 1,
      fin: true,
    });
    for (const member of groups.get(conversationId) ?? []) (member as unknown as FramedSocket)._sender.sendFrame(frame);
    return json;
  };

  const server = http.createServer(museRoute(relay));
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (ws) => {
    const sid = randomUUID();
    ws.send(`0{"sid":"${sid}","upgrades":[],"pingInterval":20000,"pingTimeout":20000,"maxPayload":65536}`);
    ws.on('message', (data: RawData) => {
      const text = (data as Buffer).toString();
      if (text.startsWith('40')) ws.send(`40{"sid":"${sid}"}`);
      if (!text.startsWith('42')) return;
      const open = text.indexOf('[', 2);
      const ack = text.slice(2, open);
      const [name, request] = JSON.parse(text.slice(open)) as [string, SendRequest];
      if (name === 'conversation:join') {
        let members = groups.get(request.conversationId);
        if (!members) groups.set(request.conversationId, (members = new Set()));
        members.add(ws);
        const own = members;
        ws.on('close', () => own.delete(ws));
        ws.send(`43${ack}[{"ok":true,"lastSeq":0,"online":[]}]`);
      } else if (name === 'muse:send') {
        const json = relay(request.conversationId, request);
        ws.send(`43${ack}[{"ok":true,"muse":${json},"created":true}]`);
      }
    });
  });
  // Engine.IO's heartbeat, as Socket.IO runs it (the same interval as Tolk's).
  const pings = setInterval(() => {
    for (const ws of wss.clients) ws.send('2');
  }, SOCKET_SERVER_OPTIONS.pingInterval);
  const port = await listen(server);
  return {
    port,
    path: '/',
    close: async () => {
      clearInterval(pings);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => {
        wss.close(resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The bare Socket.IO relay: Tolk's Socket.IO options, a token required, rooms, nothing else.

export async function startRelay(): Promise<RunningServer> {
  let seq = 0;
  // Called only once `io` below exists (by a request or a socket of it).
  const relay = (conversationId: string, input: SendRequest) => {
    const muse = museLike(conversationId, input, ++seq);
    io.to(`c:${conversationId}`).emit('muse:new', muse);
    return JSON.stringify(muse);
  };
  const server = http.createServer(museRoute(relay));
  const io = new SocketIoServer(server, SOCKET_SERVER_OPTIONS);
  io.use((socket, next) => {
    next(typeof (socket.handshake.auth as { token?: unknown }).token === 'string' ? undefined : new Error('no token'));
  });
  io.on('connection', (socket) => {
    socket.on('conversation:join', (request: SendRequest, ack: (result: object) => void) => {
      void socket.join(`c:${request.conversationId}`);
      ack({ ok: true, lastSeq: 0, online: [] });
    });
    socket.on('muse:send', (request: SendRequest, ack: (result: object) => void) => {
      const muse = museLike(request.conversationId, request, ++seq);
      ack({ ok: true, muse, created: true });
      io.to(`c:${request.conversationId}`).emit('muse:new', muse);
    });
  });
  const port = await listen(server);
  return {
    port,
    path: '/socket.io/',
    close: async () => {
      io.local.disconnectSockets(true);
      await io.close();
    },
  };
}
