import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

/** s3rver's own credentials: it checks every request's signature against them. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3Server {
  /** The bucket's settings, as TOLK_S3_* would give them. */
  config: S3Config;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, its objects in a temporary folder, with one empty bucket. */
export async function startS3Server(bucket = 'tolk-photos'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port that accepts connections and never answers: a store that hangs. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
