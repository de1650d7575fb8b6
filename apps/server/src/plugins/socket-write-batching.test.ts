import http from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { batchSocketWrites } from './socket-write-batching';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A Socket.IO server (batched or not) with one connected client; counts the server's TCP writes. */
async function start(batched: boolean) {
  const server = http.createServer();
  const io = new Server(server);
  if (batched) batchSocketWrites(io.engine);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client: ClientSocket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    transports: ['websocket'],
  });
  const [socket] = await Promise.all([
    new Promise<ServerSocket>((resolve) => io.on('connection', resolve)),
    new Promise<void>((resolve) => {
      client.on('connect', () => {
        resolve();
      });
    }),
  ]);
  const tcp = (socket.conn.transport as unknown as { socket: { _socket: TcpSocket } }).socket._socket;
  let calls = 0;
  const methods = tcp as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
  for (const name of ['_write', '_writev'] as const) {
    const original = methods[name].bind(tcp);
    methods[name] = (...args: unknown[]) => {
      calls++;
      original(...args);
    };
  }
  close = async () => {
    client.close();
    await io.close();
  };
  return { io, client, writes: () => calls };
}

const received = (client: ClientSocket, count: number) =>
  new Promise<number[]>((resolve) => {
    const got: number[] = [];
    client.on('n', (n: number) => {
      got.push(n);
      if (got.length === count) resolve(got);
    });
  });

describe('one write per socket per turn', () => {
  it('sends what a turn emitted in one system call, every event in order', async () => {
    const { io, client, writes } = await start(true);
    const arrived = received(client, 10);
    for (let n = 0; n < 10; n++) io.emit('n', n);
    expect(await arrived).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(writes()).toBe(1);
  });

  it('without it each event is a write of its own (what the batching saves)', async () => {
    const { io, client, writes } = await start(false);
    const arrived = received(client, 10);
    for (let n = 0; n < 10; n++) io.emit('n', n);
    await arrived;
    expect(writes()).toBeGreaterThan(1);
  });

  it('sends events of later turns in later writes, none held back', async () => {
    const { io, client, writes } = await start(true);
    const arrived = received(client, 6);
    for (let turn = 0; turn < 3; turn++) {
      io.emit('n', turn * 2);
      io.emit('n', turn * 2 + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await arrived).toEqual([0, 1, 2, 3, 4, 5]);
    expect(writes()).toBe(3);
  });
});
