import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Photo } from '@tolk/shared/schemas/conversations';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newConversation,
  signIn,
  type Member,
} from '../../test/factories';
import { PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import { tinyPng, uploadPhoto } from './upload-fixtures';

let t: TestApp;
let owner: Member;
let friend: Member;
let outsider: Member;
let chat: Conversation;

beforeAll(async () => {
  t = await testApp();
  owner = await newAccount(t.app, { language: 'en' });
  friend = await newAccount(t.app, { language: 'es' });
  outsider = await newAccount(t.app, { language: 'en' });
  chat = await newConversation(t.app, owner, { kind: 'direct', members: [friend.username] });
});
afterAll(() => t.close());

/** A photo as a phone takes it: JPEG with EXIF, including where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6d28d9' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TolkPhone', Model: 'Test 1', Copyright: 'Emma Example' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' },
    })
    .toBuffer();

async function upload(member: Member, data: Buffer, file?: { name?: string; type?: string }) {
  const res = await uploadPhoto(t.app, member.headers, data, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Photo>();
}

async function sendPhoto(member: Member, conversationId: string, photoId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/muses`,
    headers: member.headers,
    payload: { clientId: randomUUID(), text: 'Look!', from: 'en', photoId },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const get = (url: string, member?: Member) =>
  t.app.inject({ method: 'GET', url, ...(member ? { headers: member.headers } : {}) });

describe('photo uploads', () => {
  it('checks the content, not the name: a .jpg that is not an image is refused with 415', async () => {
    const res = await uploadPhoto(t.app, owner.headers, Buffer.from('%PDF-1.7 definitely not a photo'), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expectError(res, 415, 'unsupported_media_type');
    // And a real PNG called .jpg is taken as what it is.
    const png = await upload(owner, await tinyPng(), { name: 'really-a-png.jpg', type: 'image/jpeg' });
    expect((await get(png.url, owner)).headers['content-type']).toBe('image/png');
  });

  it('re-encodes the photo with its metadata (EXIF, GPS) stripped', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.exif?.toString('latin1')).toContain('TolkPhone');

    const photo = await upload(owner, original, { name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(photo).toMatchObject({ width: 1200, height: 800 });
    const stored = await get(photo.url, owner);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const bytes = stored.rawPayload;
    expect(bytes.equals(original)).toBe(false);
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('TolkPhone');
    expect(bytes.toString('latin1')).not.toContain('Emma Example');
  });

  it('makes a thumbnail and serves it', async () => {
    const photo = await upload(owner, await phonePhoto());
    const thumb = await get(photo.thumbUrl, owner);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
    expect(meta.width).toBeLessThan(photo.width);
  });

  it('refuses a photo over 10 MB with 413', async () => {
    // JPEG's first bytes, then noise: too big is decided before anything is decoded.
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(PHOTO_MAX_BYTES + 1024)]);
    expectError(
      await uploadPhoto(t.app, owner.headers, big, { name: 'big.jpg', type: 'image/jpeg' }),
      413,
      'payload_too_large',
    );
  });

  it('needs a session to upload', async () => {
    const res = await uploadPhoto(t.app, {}, await tinyPng());
    expectUnauthorized(res);
  });
});

describe('who sees a photo', () => {
  it('serves it to the conversation’s members only: an outsider gets 404, as for an unknown id', async () => {
    const photo = await upload(owner, await tinyPng('#ea580c'));
    // Not sent yet: only its uploader sees it.
    expectNotFound(await get(photo.url, friend));
    await sendPhoto(owner, chat.id, photo.id);
    for (const url of [photo.url, photo.thumbUrl]) {
      expect((await get(url, owner)).statusCode).toBe(200);
      expect((await get(url, friend)).statusCode).toBe(200);
      expectNotFound(await get(url, outsider));
      expectUnauthorized(await get(url));
    }
    expectNotFound(await get(`/api/uploads/${randomUUID()}`, owner));
  });

  it('answers 404 to an account of another tenant', async () => {
    const photo = await upload(owner, await tinyPng('#0891b2'));
    await sendPhoto(owner, chat.id, photo.id);
    const elsewhere = await newAccount(t.app, { language: 'en' });
    await t.database.db.execute(sql`insert into tenants (slug, name) values ('acme', 'Acme') on conflict do nothing`);
    await t.database.db.execute(
      sql`update accounts set tenant_id = (select id from tenants where slug = 'acme') where username = ${elsewhere.username}`,
    );
    const moved = await signIn(t.app, elsewhere.username, elsewhere.password);
    expect(moved.tenant).toBe('acme');
    expectNotFound(await get(photo.url, moved));
    expectNotFound(await get(photo.thumbUrl, moved));
  });

  it('stops serving it to a member who left', async () => {
    const group = await newConversation(t.app, owner, { kind: 'group', title: 'Photos', members: [friend.username] });
    const photo = await upload(owner, await tinyPng('#4d7c0f'));
    await sendPhoto(owner, group.id, photo.id);
    expect((await get(photo.url, friend)).statusCode).toBe(200);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${group.id}/members/${friend.username}`,
      headers: friend.headers,
    });
    expect(leave.statusCode).toBe(204);
    // Still in the direct chat with the owner, but this photo was never sent there.
    expectNotFound(await get(photo.url, friend));
  });
});
