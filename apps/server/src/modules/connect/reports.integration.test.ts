import { randomUUID } from 'node:crypto';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryPage, Report } from '@tolk/shared/schemas/connect';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newConversation,
  newTenantAccount,
  postMuse,
  type Member,
} from '../../test/factories';
import { baseUrl, connectSocket, listen } from '../../test/sockets';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await listen(t);
});
afterAll(() => t.close());

const report = (who: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: who.headers, payload });
const queue = (who: Member) => t.app.inject({ method: 'GET', url: '/api/reports', headers: who.headers });

describe('reports and suspension', () => {
  const tenant = `reports-${randomUUID().slice(0, 8)}`;

  it('files reports of what a member can see, and a superadmin suspends the account at once', async () => {
    const rita = await newTenantAccount(t.app, tenant, { displayName: 'Rita' });
    const spammer = await newTenantAccount(t.app, tenant, { displayName: 'Spammer' });
    const outsider = await newTenantAccount(t.app, `other-${tenant}`, { displayName: 'Outsider' });
    const admin = await newTenantAccount(t.app, 'root', { roles: 'superadmin' });
    const spammerId = spammer.userId;

    // A profile Rita can see; the outsider, in another tenant, cannot.
    expect(
      (await report(rita, { targetKind: 'profile', targetId: spammerId, reason: 'spam', note: 'Sells things' }))
        .statusCode,
    ).toBe(201);
    expectNotFound(await report(outsider, { targetKind: 'profile', targetId: spammerId, reason: 'spam' }));
    expectError(
      await report(rita, { targetKind: 'profile', targetId: spammerId, reason: 'boring' }),
      400,
      'validation_failed',
    );

    // A muse of a conversation Rita is in; not one of her own, not one she cannot read.
    const chat = await newConversation(t.app, rita, { kind: 'direct', members: [spammer.username] });
    const muse = await postMuse(t.app, spammer, chat.id, 'Buy now!');
    const mine = await postMuse(t.app, rita, chat.id, 'No thanks');
    expect((await report(rita, { targetKind: 'muse', targetId: muse.id, reason: 'spam' })).statusCode).toBe(201);
    expectError(
      await report(rita, { targetKind: 'muse', targetId: mine.id, reason: 'spam' }),
      400,
      'validation_failed',
    );
    expectNotFound(await report(outsider, { targetKind: 'muse', targetId: muse.id, reason: 'spam' }));

    // A trip Rita can see: the place, dates and note are kept with the report.
    const trip = await t.app.inject({
      method: 'POST',
      url: '/api/connect/trips',
      headers: spammer.headers,
      payload: { cityId: 3117735, arrival: '2099-05-01', departure: '2099-05-03', note: 'Cheap watches' },
    });
    expect(trip.statusCode, trip.body).toBe(201);
    const tripId = trip.json<{ id: string }>().id;
    expect((await report(rita, { targetKind: 'trip', targetId: tripId, reason: 'spam' })).statusCode).toBe(201);

    // The queue is the superadmins'.
    expectError(await queue(rita), 403, 'forbidden');
    const open = (await queue(admin))
      .json<{ reports: Report[] }>()
      .reports.filter((item) => item.subject.id === spammerId);
    expect(open.map((item) => [item.targetKind, item.reason])).toEqual([
      ['trip', 'spam'],
      ['muse', 'spam'],
      ['profile', 'spam'],
    ]);
    expect(open[0]!.content).toBe('Madrid, ES 2099-05-01 \u2013 2099-05-03\nCheap watches');
    expect(open[2]).toMatchObject({
      note: 'Sells things',
      content: 'Spammer',
      reporter: { displayName: 'Rita' },
      state: 'open',
      tenant,
    });
    // What was reported stays with the report when its author deletes it.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/muses/${muse.id}`, headers: spammer.headers })).statusCode,
    ).toBe(204);
    const afterDelete = (await queue(admin))
      .json<{ reports: Report[] }>()
      .reports.find((item) => item.targetId === muse.id);
    expect(afterDelete?.content).toBe('Buy now!');

    // Suspension: the session and the socket end at once, sign-in is refused, and nobody finds them.
    const socket = await connectSocket(t.app, spammer.token, { origin: baseUrl(t.app) });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${open[1]!.id}/resolve`,
      headers: admin.headers,
      payload: { action: 'suspend' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: spammer.headers }));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: spammer.username, password: spammer.password },
    });
    expect(expectError(again, 403, 'forbidden').message).toBe('This account is suspended.');
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/connect/people', headers: rita.headers })
    ).json<DiscoveryPage>();
    expect(found.people.map((person) => person.displayName)).not.toContain('Spammer');

    // Resolved once: the same report cannot be resolved again; the other is dismissed.
    expectNotFound(
      await t.app.inject({
        method: 'POST',
        url: `/api/reports/${open[1]!.id}/resolve`,
        headers: admin.headers,
        payload: { action: 'dismiss' },
      }),
    );
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${open[2]!.id}/resolve`,
      headers: admin.headers,
      payload: { action: 'dismiss' },
    });
    expect(dismissed.statusCode).toBe(200);
    const done = (await t.app.inject({ method: 'GET', url: '/api/reports?state=resolved', headers: admin.headers }))
      .json<{ reports: Report[] }>()
      .reports.filter((item) => item.subject.id === spammerId);
    expect(done.map((item) => item.resolution).sort()).toEqual(['dismissed', 'suspended']);
    expect(done[0]!.subject.suspended).toBe(true);

    // Rita is told her reports were looked into: by nobody named, nothing said of the decision.
    const told = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: rita.headers }))
        .json<NotificationsPage>()
        .items.filter((item) => item.topic === 'report');
    // Stored just after the answer (the resolving request does not wait for it).
    await expect.poll(async () => (await told()).length).toBe(2);
    for (const item of await told()) expect(item).toMatchObject({ event: 'handled', actor: null, data: {} });
  });
});
