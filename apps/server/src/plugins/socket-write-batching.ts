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
  once(event: 'upgrade', listener: (transport: EngineTransport) => void): void;
}
interface EngineServer {
  on(event: 'connection', listener: (socket: EngineSocket) => void): void;
}

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

  /**
   * The websocket transport's send, batched: one function for every transport (set on each as
   * its own `send`, the prototype's kept underneath), not a bound copy per socket.
   */
  function batchedSend(this: EngineTransport, packets: unknown[]) {
    const tcp = this.socket?._socket;
    if (tcp && !corked.has(tcp) && !tcp.destroyed) {
      tcp.cork();
      corked.add(tcp);
      if (!scheduled) {
        scheduled = true;
        setImmediate(uncorkAll);
      }
    }
    (Object.getPrototypeOf(this) as EngineTransport).send.call(this, packets);
    // Engine.IO holds further packets back until this write is done; corked, it is done at
    // the end of the turn, so let the turn's other packets join it in the TCP socket's buffer.
    if (tcp && corked.has(tcp)) this.writable = true;
  }

  const wrap = (transport: EngineTransport) => {
    if (transport.name !== 'websocket' || !transport.socket?._socket) return;
    transport.send = batchedSend;
  };

  engine.on('connection', (socket) => {
    wrap(socket.transport);
    // A socket that began on long-polling moves to a WebSocket once, if at all.
    if (socket.transport.name !== 'websocket') socket.once('upgrade', wrap);
  });
}
