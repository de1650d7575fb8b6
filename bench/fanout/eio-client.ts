// A minimal Socket.IO client: Engine.IO v4 over `ws`, WebSocket transport only, the main namespace.
// The same client, with the same work per frame, talks to the raw ws floor, the bare Socket.IO
// relay and Tolk, so what differs between runs is the server.
//
// Frames (text): `0{...}` open -> we send `40{auth}`; `40{...}` connected; `44{...}` refused;
// `2` ping -> we answer `3`; `42["event",payload,...]` an event (one JSON.parse);
// `43<id>[result]` the answer to our `42<id>["event",payload]`; `41` / `1` closed.
import { WebSocket, type RawData } from 'ws';

export type EventListener = (name: string, payload: unknown) => void;
/** The connection ended after it was up: `byServer` when the server let the socket go (`41`). */
export type CloseListener = (byServer: boolean) => void;

/** The answer an acknowledgement gets when its connection closes first. */
export const CLOSED_ACK = { ok: false, error: { code: 'closed', message: 'The connection closed.' } } as const;

export class EioClient {
  private nextAck = 0;
  private readonly acks = new Map<number, (result: unknown) => void>();
  private readonly ws: WebSocket;
  private byServer = false;

  private constructor(
    url: string,
    auth: object,
    onEvent: EventListener,
    connected: (error?: Error) => void,
    onClose?: CloseListener,
  ) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('message', (data: RawData) => {
      const text = (data as Buffer).toString();
      switch (text.charCodeAt(0)) {
        case 0x32: // '2': ping
          this.ws.send('3');
          return;
        case 0x30: // '0': open
          this.ws.send(`40${JSON.stringify(auth)}`);
          return;
        case 0x34: // '4': a Socket.IO packet
          this.packet(text, onEvent, connected);
          return;
        case 0x31: // '1': close
          this.ws.close();
          return;
        default:
          return;
      }
    });
    this.ws.on('error', (error) => {
      connected(error);
    });
    this.ws.on('close', () => {
      // Whoever waits for an acknowledgement hears no more on this connection.
      for (const resolve of this.acks.values()) resolve(CLOSED_ACK);
      this.acks.clear();
      // First, while `connected` can still tell a connection that was up from one that never was.
      onClose?.(this.byServer);
      connected(new Error('closed before connecting'));
    });
  }

  private packet(text: string, onEvent: EventListener, connected: (error?: Error) => void) {
    switch (text.charCodeAt(1)) {
      case 0x32: {
        // '42': an event
        const [name, payload] = JSON.parse(text.slice(2)) as [string, unknown];
        onEvent(name, payload);
        return;
      }
      case 0x33: {
        // '43<id>[...]': an acknowledgement
        const open = text.indexOf('[', 2);
        const id = Number(text.slice(2, open));
        const [result] = JSON.parse(text.slice(open)) as [unknown];
        const resolve = this.acks.get(id);
        this.acks.delete(id);
        resolve?.(result);
        return;
      }
      case 0x30: // '40': connected
        connected();
        return;
      case 0x31: // '41': the server disconnected this socket
        this.byServer = true;
        this.ws.close();
        return;
      case 0x34: // '44': refused by the server's middleware
        connected(new Error(`connect refused: ${text.slice(2)}`));
        this.ws.close();
        return;
      default:
        return;
    }
  }

  /** Connects and authenticates (`auth` is the handshake's auth object); resolves once `40` came back. */
  static connect(
    base: string,
    path: string,
    auth: object,
    onEvent: EventListener,
    onClose?: CloseListener,
  ): Promise<EioClient> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const client = new EioClient(
        `${base}${path}?EIO=4&transport=websocket`,
        auth,
        onEvent,
        (error) => {
          if (settled) return;
          settled = true;
          if (error) reject(error);
          else resolve(client);
        },
        // Only a connection that was up can close; before that the connect promise says it.
        (byServer) => {
          if (settled) onClose?.(byServer);
        },
      );
    });
  }

  emit(name: string, payload: unknown) {
    this.ws.send(`42${JSON.stringify([name, payload])}`);
  }

  emitWithAck<T>(name: string, payload: unknown): Promise<T> {
    const id = this.nextAck++;
    return new Promise<T>((resolve) => {
      this.acks.set(id, resolve as (result: unknown) => void);
      this.ws.send(`42${id}${JSON.stringify([name, payload])}`);
    });
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => {
        resolve();
      });
      this.ws.close();
    });
  }
}
