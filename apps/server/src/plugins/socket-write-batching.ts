import type { Socket as TcpSocket } from 'node:net';

/**
 * One write per socket per turn of the event loop. Engine.IO hands each packet to its WebSocket
 * as it is emitted, and each becomes a system call of its own: a reader of a busy conversation
 * costs one `writev` per muse, and on the fan-out bench those calls were 60 % of the server's time.
 * Here a WebSocket's TCP socket is corked at its first packet of a turn and uncorked once the
 * turn's I/O callbacks have run (setImmediate), so every packet a turn gives it (muses sent by
 * several requests handled in that turn, a muse and its presence or read mark) leaves in one
 * call. Nothing waits for a timer: under light load a turn carries one packet and it goes at the
 * end of that turn; under heavy load the batches grow and the calls per delivery fall.
 */

interface EngineTransport {
  name: string;
  writable: boolean;
  send(packets: unknown[]): void;
  /** The `ws` WebSocket, for the websocket transport. */
  socket?: { _socket?: TcpSocket };
}
interface EngineSocket {
  transport: EngineTransport;
  on(event: 'upgrade', listener: (transport: EngineTransport) => void): void;
}
interface EngineServer {
  on(event: 'connection', listener: (socket: EngineSocket) => void): void;
}

const batched = new WeakSet<EngineTransport>();

export function batchSocketWrites(engine: EngineServer): void {
  let corked = new Set<TcpSocket>();
  let scheduled = false;
  const uncorkAll = () => {
    scheduled = false;
    const sockets = corked;
    // A packet sent from a write callback below starts the next turn's batch.
    corked = new Set();
    for (const tcp of sockets) tcp.uncork();
  };

  const wrap = (transport: EngineTransport) => {
    const tcp = transport.socket?._socket;
    if (transport.name !== 'websocket' || !tcp || batched.has(transport)) return;
    batched.add(transport);
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      if (!corked.has(tcp) && !tcp.destroyed) {
        tcp.cork();
        corked.add(tcp);
        if (!scheduled) {
          scheduled = true;
          setImmediate(uncorkAll);
        }
      }
      send(packets);
      // Engine.IO holds further packets back until this write is done; corked, it is done at
      // the end of the turn, so let the turn's other packets join it in the TCP socket's buffer.
      if (corked.has(tcp)) transport.writable = true;
    };
  };

  engine.on('connection', (socket) => {
    wrap(socket.transport);
    socket.on('upgrade', wrap);
  });
}
