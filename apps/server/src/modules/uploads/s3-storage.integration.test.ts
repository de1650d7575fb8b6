import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Photo } from '@tolk/shared/schemas/conversations';
import type { Profile } from '@tolk/shared/schemas/profile';
import { AppError } from '../../errors';
import { appsOnOneDatabase, testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newConversation,
  signIn,
  type Member,
} from '../../test/factories';
import { silentServer, startS3Server, type TestS3Server } from '../../test/s3-server';
import { s3Storage, STORAGE_UNAVAILABLE } from './s3-storage';
import { tinyPng, uploadPhoto } from './upload-fixtures';
import { createUploadsRepository } from './uploads.repository';

const quiet = { error: () => undefined } as unknown as Parameters<typeof s3Storage>[1];
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

async function upload(app: FastifyInstance, member: Member, colour: string) {
  const res = await uploadPhoto(app, member.headers, await tinyPng(colour));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Photo>();
}

async function sendPhoto(app: FastifyInstance, member: Member, conversation: Conversation, photo: Photo) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation.id}/muses`,
    headers: member.headers,
    payload: { clientId: randomUUID(), text: 'Look!', from: 'en', photoId: photo.id },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const get = (app: FastifyInstance, url: string, member?: Member) =>
  app.inject({ method: 'GET', url, ...(member ? { headers: member.headers } : {}) });

describe('the S3 storage against an S3-compatible server (s3rver)', () => {
  it('puts, gets and deletes an object; a missing one reads as null, and deleting it again is fine', async () => {
    const storage = await s3Storage(s3.config, quiet);
    const key = `photos/test/${randomUUID()}.png`;
    const bytes = await tinyPng('#be123c');
    try {
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, bytes);
      expect((await storage.get(key))?.equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
    } finally {
      storage.close();
    }
  });

  it('answers 503 (never hangs or crashes) when the store refuses connections, hangs, lacks the bucket or the key', async () => {
    const silent = await silentServer();
    const closedPort = await silentServer();
    await closedPort.close();
    const limits = { connectTimeoutMs: 300, requestTimeoutMs: 300, maxAttempts: 2 };
    // s3rver checks the access key id (not a v4 signature), so an unknown key stands for bad credentials.
    const stores = {
      refused: await s3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${closedPort.port}` }, quiet, limits),
      hanging: await s3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${silent.port}` }, quiet, limits),
      'no bucket': await s3Storage({ ...s3.config, bucket: 'no-such-bucket' }, quiet, limits),
      'unknown key': await s3Storage({ ...s3.config, accessKeyId: 'NOT-A-KEY' }, quiet, limits),
    };
    try {
      for (const [store, storage] of Object.entries(stores)) {
        for (const [operation, call] of Object.entries({
          get: () => storage.get('photos/x.png'),
          put: () => storage.put('photos/x.png', Buffer.from('x')),
          delete: () => storage.delete('photos/x.png'),
        })) {
          const started = Date.now();
          const error = await call().then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error, `${operation} on a store that is ${store}`).toBeInstanceOf(AppError);
          expect(error).toMatchObject({ status: 503, code: 'unavailable', message: STORAGE_UNAVAILABLE });
          // Two attempts of at most 300 ms each, and the SDK's backoff between them.
          expect(Date.now() - started).toBeLessThan(3_000);
        }
      }
    } finally {
      for (const storage of Object.values(stores)) storage.close();
      await silent.close();
    }
  });
});

describe('photos through the API with TOLK_S3_* set', () => {
  let t: TestApp;
  let owner: Member;
  let friend: Member;
  let chat: Conversation;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('tolk-s3-app-');
    t = await testApp({ config: { s3: s3.config, dataDir } });
    owner = await newAccount(t.app, { language: 'en' });
    friend = await newAccount(t.app, { language: 'es' });
    chat = await newConversation(t.app, owner, { kind: 'direct', members: [friend.username] });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an uploaded photo and its thumbnail in the bucket, not on the disk, and serves them from it', async () => {
    const photo = await upload(t.app, owner, '#7c3aed');
    const row = await createUploadsRepository(t.database.db).find(photo.id);
    expect(row).toBeTruthy();
    const bucket = await s3Storage(s3.config, quiet);
    try {
      const stored = await bucket.get(row!.storageKey);
      const thumb = await bucket.get(row!.thumbKey);
      expect(stored).not.toBeNull();
      expect(thumb).not.toBeNull();
      const served = await get(t.app, photo.url, owner);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(stored!)).toBe(true);
      const servedThumb = await get(t.app, photo.thumbUrl, owner);
      expect(servedThumb.statusCode).toBe(200);
      expect(servedThumb.rawPayload.equals(thumb!)).toBe(true);
    } finally {
      bucket.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('still serves photos to the conversation’s members only: an outsider and another tenant get 404', async () => {
    const photo = await upload(t.app, owner, '#0e7490');
    expectNotFound(await get(t.app, photo.url, friend));
    await sendPhoto(t.app, owner, chat, photo);
    const outsider = await newAccount(t.app, { language: 'en' });
    const elsewhere = await newAccount(t.app, { language: 'en' });
    await t.database.db.execute(sql`insert into tenants (slug, name) values ('acme', 'Acme') on conflict do nothing`);
    await t.database.db.execute(
      sql`update accounts set tenant_id = (select id from tenants where slug = 'acme') where username = ${elsewhere.username}`,
    );
    const otherTenant = await signIn(t.app, elsewhere.username, elsewhere.password);
    for (const url of [photo.url, photo.thumbUrl]) {
      expect((await get(t.app, url, owner)).statusCode).toBe(200);
      expect((await get(t.app, url, friend)).statusCode).toBe(200);
      expectNotFound(await get(t.app, url, outsider));
      expectNotFound(await get(t.app, url, otherTenant));
      expectUnauthorized(await get(t.app, url));
    }
  });

  it('answers 404 for a photo whose object has gone from the bucket, as for one gone from the disk', async () => {
    const photo = await upload(t.app, owner, '#15803d');
    const row = await createUploadsRepository(t.database.db).find(photo.id);
    const bucket = await s3Storage(s3.config, quiet);
    try {
      await bucket.delete(row!.storageKey);
    } finally {
      bucket.close();
    }
    expectNotFound(await get(t.app, photo.url, owner));
    expect((await get(t.app, photo.thumbUrl, owner)).statusCode).toBe(200);
  });

  it('keeps profile photos there too, and removes the old files when one is replaced', async () => {
    const put = async (colour: string) => {
      const res = await uploadPhoto(t.app, owner.headers, await tinyPng(colour), {
        url: '/api/profile/avatar',
        method: 'PUT',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Profile>();
    };
    const first = await put('#f59e0b');
    const firstUrl = first.avatarUrl!;
    expect((await get(t.app, firstUrl, friend)).statusCode).toBe(200);
    const second = await put('#1d4ed8');
    expect((await get(t.app, second.avatarUrl!, friend)).statusCode).toBe(200);
    expectNotFound(await get(t.app, firstUrl, friend));
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });
});

describe('an unreachable store', () => {
  it('answers an upload with 503 and the error body, and the server goes on serving', async () => {
    const closed = await silentServer();
    await closed.close();
    const t = await testApp({
      config: { s3: { ...s3.config, endpoint: `http://127.0.0.1:${closed.port}` } },
    });
    try {
      const member = await newAccount(t.app, { language: 'en' });
      const res = await uploadPhoto(t.app, member.headers, await tinyPng());
      const error = expectError(res, 503, 'unavailable');
      expect(error.message).toBe(STORAGE_UNAVAILABLE);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe('an expired plaza’s photos while the store is down', () => {
  it('stay, rows and objects, for the next sweep, which removes them once the store is back', async () => {
    const closed = await silentServer();
    await closed.close();
    const up = await s3Storage(s3.config, quiet);
    const down = await s3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${closed.port}` }, quiet);
    let reachable = true;
    const store = () => (reachable ? up : down);
    const t = await testApp({
      storage: {
        put: (key, data) => store().put(key, data),
        get: (key) => store().get(key),
        delete: (key) => store().delete(key),
      },
    });
    try {
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/plazas',
        payload: { userLanguage: 'en', audienceLanguage: 'es' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const { plaza, guestToken } = opened.json<{ plaza: { id: string }; guestToken: string }>();
      const uploaded = await uploadPhoto(t.app, { 'x-plaza-token': guestToken }, await tinyPng('#0369a1'));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const photoId = uploaded.json<Photo>().id;
      const uploads = createUploadsRepository(t.database.db);
      const { storageKey } = (await uploads.find(photoId))!;
      await t.database.db.execute(
        sql`update conversations set expires_at = now() - interval '1 minute' where id = ${plaza.id}`,
      );

      reachable = false;
      await expect(t.app.plazas.sweep()).rejects.toMatchObject({ code: 'unavailable' });
      expect(await uploads.find(photoId)).toBeTruthy();
      expect(await up.get(storageKey)).not.toBeNull();

      reachable = true;
      expect(await t.app.plazas.sweep()).toBe(1);
      expect(await uploads.find(photoId)).toBeFalsy();
      expect(await up.get(storageKey)).toBeNull();
    } finally {
      await t.close();
      up.close();
      down.close();
    }
  });
});

describe('two instances on one database and one bucket', () => {
  /** A writer on instance `a` sends a reader on instance `b` a photo in a direct chat. */
  async function photoAcross(a: FastifyInstance, b: FastifyInstance, colour: string) {
    const writer = await newAccount(a, { language: 'en' });
    const reader = await newAccount(b, { language: 'es' });
    const chat = await newConversation(a, writer, { kind: 'direct', members: [reader.username] });
    const photo = await upload(a, writer, colour);
    await sendPhoto(a, writer, chat, photo);
    return { writer, reader, chat, photo };
  }

  it('read each other’s photos; with photos on each one’s own disk they could not', async () => {
    const folders = [tempDir('tolk-a-'), tempDir('tolk-b-')];
    const shared = await appsOnOneDatabase(folders.map((dataDir) => ({ dataDir, s3: s3.config })));
    const apart = await appsOnOneDatabase(folders.map((dataDir) => ({ dataDir })));
    try {
      const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
      const { writer, reader, chat, photo: fromA } = await photoAcross(a, b, '#9333ea');
      const fromB = await upload(b, reader, '#db2777');
      await sendPhoto(b, reader, chat, fromB);

      const onA = await get(a, fromA.url, writer);
      const onB = await get(b, fromA.url, reader);
      expect(onB.statusCode, onB.body).toBe(200);
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      expect((await get(a, fromB.url, writer)).statusCode).toBe(200);
      expect((await get(a, fromB.thumbUrl, writer)).statusCode).toBe(200);

      // The same two instances with photos on their own disks: B has no copy of A's photo.
      const [diskA, diskB] = apart.apps as [FastifyInstance, FastifyInstance];
      const onDisk = await photoAcross(diskA, diskB, '#65a30d');
      expect((await get(diskA, onDisk.photo.url, onDisk.reader)).statusCode).toBe(200);
      expectNotFound(await get(diskB, onDisk.photo.url, onDisk.reader));
    } finally {
      await shared.close();
      await apart.close();
      for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
