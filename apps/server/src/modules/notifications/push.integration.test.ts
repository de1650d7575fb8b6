import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PushKey, PushPayload } from '@tolk/shared/schemas/notifications';
import { pushSubscriptions } from '../../db/schema/notifications';
import { testApp, testConfig, type TestApp } from '../../test/build-app';
import { expectNotFound, newAccount, newConversation, postMuse, signIn, type Member } from '../../test/factories';
import { pushService } from '../../test/push-service';
import { serverTexts } from '../../texts';

/**
 * Issue 32: web push, against a local push service stand-in that checks what a real one checks:
 * the VAPID JWT against the server's public key, and a payload only the device can decrypt.
 */

let t: TestApp;
let service: Awaited<ReturnType<typeof pushService>>;
let publicKey = '';
let ana: Member;
let ben: Member;

beforeAll(async () => {
  service = await pushService(() => publicKey);
  t = await testApp({
    localPushService: { agent: service.agent },
    config: {
      notifications: { ...testConfig().notifications, museDelayMs: 0, vapidSubject: 'mailto:ops@tolk.test' },
    },
  });
  [ana, ben] = await Promise.all([
    newAccount(t.app, { displayName: 'Ana', language: 'es' }),
    newAccount(t.app, { displayName: 'Ben', language: 'de' }),
  ]);
  const key = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: ben.headers });
  expect(key.statusCode, key.body).toBe(200);
  publicKey = key.json<PushKey>().publicKey!;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const subscribe = async (who: Member, device: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/push/subscriptions',
    headers: who.headers,
    payload: service.device(device),
  });
  expect(res.statusCode, res.body).toBe(204);
};
/** Works the outbox until nothing is due (pushes are queued with the notification). */
const deliver = async () => {
  await t.app.muses.idle();
  while ((await t.app.outbox.runDue()) > 0);
};
const pushesTo = (device: string) => service.received.filter((push) => push.device === device);

describe('web push', () => {
  it('pushes a new notification to each device, signed and encrypted, in the member’s language', async () => {
    await subscribe(ben, 'ben-phone');
    await subscribe(ben, 'ben-laptop');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${ben.userId}/request`,
      headers: ana.headers,
      payload: { note: 'Hola' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await expect.poll(async () => (await deliver(), pushesTo('ben-laptop').length)).toBe(1);
    expect(service.refused).toEqual([]);

    const [phone] = pushesTo('ben-phone');
    const { t: de } = serverTexts('de');
    expect(phone!.payload).toEqual({
      title: de('notification.events.connection.requested', { name: 'Ana' }),
      body: '',
      link: `/connect/${ana.userId}`,
      tag: expect.stringMatching(/^connection:/) as string,
    } satisfies PushPayload);
    expect(phone!.claims).toMatchObject({ aud: service.origin, sub: 'mailto:ops@tolk.test' });
    expect(phone!.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(phone!.ttl).toBeGreaterThan(0);
  });

  it('pushes a conversation once until it is read, with the muse’s preview', async () => {
    const chat = await newConversation(t.app, ana, { kind: 'direct', members: [ben.username] });
    const before = pushesTo('ben-phone').length;
    await postMuse(t.app, ana, chat.id, 'Hola Ben', 'es');
    await deliver();
    await postMuse(t.app, ana, chat.id, 'Otra vez', 'es');
    await deliver();
    const pushes = pushesTo('ben-phone').slice(before);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ link: `/muses/${chat.id}`, tag: `muse:${chat.id}` });
    expect((pushes[0]!.payload as PushPayload).body).not.toBe('');
  });

  it('does not push a topic the member turned push off for', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: ana.headers,
      payload: { topics: { connection: { push: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await subscribe(ana, 'ana-phone');
    const connections = await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: ben.headers });
    const incoming = connections.json<{ incoming: { id: string }[] }>().incoming[0]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/connect/connections/${incoming.id}/accept`,
      headers: ben.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The acceptance answers before its notification is stored: wait for it, then work the outbox.
    await expect
      .poll(async () =>
        (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: ana.headers }))
          .json<{ items: { topic: string }[] }>()
          .items.map((item) => item.topic),
      )
      .toContain('connection');
    await deliver();
    expect(pushesTo('ana-phone')).toEqual([]);
  });

  it('forgets a device its push service says is gone (410)', async () => {
    const cleo = await newAccount(t.app, { displayName: 'Cleo', language: 'en' });
    await subscribe(cleo, 'cleo-old');
    service.answer('cleo-old', 410);
    const chat = await newConversation(t.app, ana, { kind: 'direct', members: [cleo.username] });
    await postMuse(t.app, ana, chat.id, 'Hola Cleo', 'es');
    await deliver();
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, cleo.userId))).toEqual(
      [],
    );
    // Forgotten, not failed: nothing is left for a superadmin to retry.
    expect(await t.app.outbox.dead(10)).toEqual([]);
  });

  it('forgets a device when its session signs out; removing is the member’s own', async () => {
    const dan = await newAccount(t.app, { displayName: 'Dan', language: 'en' });
    await subscribe(dan, 'dan-tablet');
    const second = await signIn(t.app, dan.username, dan.password);
    await subscribe(second, 'dan-phone');
    const devices = async () =>
      (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, dan.userId)))
        .map((row) => row.endpoint.split('/').pop())
        .sort();
    expect(await devices()).toEqual(['dan-phone', 'dan-tablet']);
    // Another member cannot remove Dan's device.
    expectNotFound(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/push/subscriptions?endpoint=${encodeURIComponent(`${service.origin}/push/dan-phone`)}`,
        headers: ana.headers,
      }),
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: dan.headers });
    expect(out.statusCode, out.body).toBe(200);
    await expect.poll(devices).toEqual(['dan-phone']);
  });

  it('refuses a subscription that is not one', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/push/subscriptions',
      headers: ben.headers,
      payload: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
