import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_EDGE, AVATAR_SMALL_EDGE, smallAvatarUrl } from '@tolk/shared/avatars';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Muse } from '@tolk/shared/schemas/conversations';
import type { Profile } from '@tolk/shared/schemas/profile';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newConversation,
  newTenantAccount,
  postMuse,
  type Member,
} from '../../test/factories';
import { uploadPhoto } from '../uploads/upload-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A landscape phone photo with EXIF, GPS included: the avatar must come out square and clean. */
const landscapePhoto = () =>
  sharp({ create: { width: 900, height: 500, channels: 3, background: '#be185d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TolkPhone', Copyright: 'Avatar Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' },
    })
    .toBuffer();

async function setAvatar(member: Member, data: Buffer) {
  return uploadPhoto(t.app, member.headers, data, { url: '/api/profile/avatar', method: 'PUT', type: 'image/jpeg' });
}

const get = (url: string, member?: Member) =>
  t.app.inject({ method: 'GET', url, ...(member ? { headers: member.headers } : {}) });

describe('profile photos', () => {
  it('keeps a square, re-encoded copy without metadata, at two sizes', async () => {
    const member = await newAccount(t.app);
    const res = await setAvatar(member, await landscapePhoto());
    expect(res.statusCode, res.body).toBe(200);
    const { avatarUrl } = res.json<Profile>();
    expect(avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);
    for (const [url, edge] of [
      [avatarUrl!, AVATAR_EDGE],
      [smallAvatarUrl(avatarUrl!), AVATAR_SMALL_EDGE],
    ] as const) {
      const image = await get(url, member);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: edge, height: edge });
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.toString('latin1')).not.toContain('TolkPhone');
    }
    expect((await get('/api/profile', member)).json<Profile>().avatarUrl).toBe(avatarUrl);
  });

  it('shows it wherever the person appears: sign-in, chat members and the muses they send', async () => {
    const member = await newAccount(t.app);
    const friend = await newAccount(t.app);
    const { avatarUrl } = (await setAvatar(member, await landscapePhoto())).json<Profile>();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: member.username, password: member.password },
    });
    expect(signIn.json<LoginResponse>().avatarUrl).toBe(avatarUrl);
    const chat = await newConversation(t.app, friend, { kind: 'direct', members: [member.username] });
    expect(chat.members.find((m) => m.username === member.username)?.avatarUrl).toBe(avatarUrl);
    expect(chat.members.find((m) => m.username === friend.username)?.avatarUrl).toBeNull();
    const muse = await postMuse(t.app, member, chat.id, 'Hello', 'en');
    expect(muse.sender.avatarUrl).toBe(avatarUrl);
    const page = await get(`/api/conversations/${chat.id}/muses`, friend);
    expect(page.json<{ muses: Muse[] }>().muses[0]?.sender.avatarUrl).toBe(avatarUrl);
    // The friend, a member of the same tenant, sees the picture.
    expect((await get(avatarUrl!, friend)).statusCode).toBe(200);
  });

  it('is replaced and removed by its owner, and an old picture is gone', async () => {
    const member = await newAccount(t.app);
    const first = (await setAvatar(member, await landscapePhoto())).json<Profile>().avatarUrl!;
    const second = (await setAvatar(member, await landscapePhoto())).json<Profile>().avatarUrl!;
    expect(second).not.toBe(first);
    expectNotFound(await get(first, member));
    expect((await get(second, member)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: member.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Profile>().avatarUrl).toBeNull();
    expectNotFound(await get(second, member));
  });

  it('is not shown outside its tenant, nor to anyone signed out: 404 as for an unknown picture', async () => {
    const member = await newAccount(t.app);
    const { avatarUrl } = (await setAvatar(member, await landscapePhoto())).json<Profile>();
    const elsewhere = await newTenantAccount(t.app, 'acme-avatars');
    expectNotFound(await get(avatarUrl!, elsewhere));
    expectNotFound(await get(smallAvatarUrl(avatarUrl!), elsewhere));
    expectUnauthorized(await get(avatarUrl!));
    expectNotFound(await get(`/api/avatars/${randomUUID()}`, member));
    expectNotFound(await get('/api/avatars/not-an-id', member));
  });

  it('refuses what is not a photo, and keeps the picture it had', async () => {
    const member = await newAccount(t.app);
    const { avatarUrl } = (await setAvatar(member, await landscapePhoto())).json<Profile>();
    expectError(await setAvatar(member, Buffer.from('%PDF-1.7 not a face')), 415, 'unsupported_media_type');
    expectError(await setAvatar(member, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])), 400, 'bad_request');
    expect((await get('/api/profile', member)).json<Profile>().avatarUrl).toBe(avatarUrl);
    expectUnauthorized(
      await uploadPhoto(t.app, {}, await landscapePhoto(), { url: '/api/profile/avatar', method: 'PUT' }),
    );
  });
});
