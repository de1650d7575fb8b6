import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import type { PushSubscriptionInput } from '@tolk/shared/schemas/notifications';

/** A push as the stand-in took it: checked (VAPID signature, encryption) and decrypted. */
export interface ReceivedPush {
  device: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** The JWT's claims the server signed. */
  claims: { aud: string; sub: string; exp: number };
  ttl: number;
}

/** The public key of a VAPID `k=` (an uncompressed P-256 point, base64url) as a JWK. */
function vapidJwk(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
}

/** A throwaway self-signed certificate for 127.0.0.1 (push services are HTTPS; web-push speaks nothing else). */
function certificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tolk-push-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A local stand-in for a browser's push service (FCM, Mozilla's autopush...): it takes pushes as
 * RFC 8030 says, refuses any whose VAPID JWT (RFC 8292) does not verify against `serverKey` or
 * names another audience, and decrypts each aes128gcm payload (RFC 8291) with the keys of the
 * device it made. A device can be told to answer with a status (410: gone).
 */
export async function pushService(serverKey: () => string) {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];

  const tls = certificate();
  const server = createServer(tls, (request, response) => {
    void (async () => {
      const body = await readBody(request);
      const name = request.url?.replace(/^\/push\//, '') ?? '';
      const device = devices.get(name);
      const fail = (status: number, why: string) => {
        refused.push(why);
        response.writeHead(status).end(why);
      };
      if (request.method !== 'POST' || !device) {
        fail(404, 'no such device');
        return;
      }
      const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
      if (!auth) {
        fail(401, 'no vapid authorization');
        return;
      }
      if (auth[2] !== serverKey()) {
        fail(403, 'k is not the server key');
        return;
      }
      let claims;
      try {
        const key = await importJWK(vapidJwk(auth[2]), 'ES256');
        ({ payload: claims } = await jwtVerify(auth[1]!, key, { algorithms: ['ES256'], audience: origin }));
      } catch (error) {
        fail(403, `vapid jwt refused: ${(error as Error).message}`);
        return;
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        fail(415, 'not aes128gcm');
        return;
      }
      if (device.status !== 201) return response.writeHead(device.status).end();
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
      received.push({
        device: name,
        payload: JSON.parse(plain.toString('utf8')),
        claims: claims as ReceivedPush['claims'],
        ttl: Number(request.headers.ttl),
      });
      return response.writeHead(201).end();
    })().catch((error: unknown) => {
      refused.push(String(error));
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** What the server pushes through: it trusts this stand-in's certificate. */
    agent: new Agent({ ca: tls.cert }),
    received,
    refused,
    /** A new device's subscription, as a browser's PushSubscription.toJSON() gives it. */
    device(name: string): PushSubscriptionInput {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    /** From now on the device's pushes are answered with this status. */
    answer(name: string, status: number) {
      devices.get(name)!.status = status;
    },
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
