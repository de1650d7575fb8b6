import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { MuseDetail, MusesPage } from '@tolk/shared/schemas/conversations';
import type { Invite, PlazaMuses, PlazaSession } from '@tolk/shared/schemas/plazas';
import type { Plan, Subscription, SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import type { Payment } from '@tolk/shared/schemas/payments';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import { fakeEngine } from '../../test/fake-engine';
import { newAccount, newConversation, postMuse, signIn, type Member } from '../../test/factories';

// TRANSLATION_PREMIUM_ENGINES: a subscriber's own muses go to the premium engine first; anyone
// else's to the usual one. The engines are test engines that say which they are.
let t: TestApp;
const pairs: [string, string][] = [
  ['en', 'es'],
  ['es', 'en'],
];
const standard = fakeEngine({ name: 'standard', pairs });
const premium = fakeEngine({ name: 'premium', pairs });

beforeAll(async () => {
  t = await testApp({ translationEngines: [standard], premiumTranslationEngines: [premium] });
});
afterAll(() => t.close());

async function subscribe(member: Member) {
  const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const plan = (
    await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: admin.headers,
      payload: { name: 'Plus', interval: 'month', prices: [{ currency: 'EUR', amountMinor: 300 }] },
    })
  ).json<Plan>();
  const chosen = (
    await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: member.headers,
      payload: { planId: plan.id, currency: 'EUR' },
    })
  ).json<Subscription>();
  const payment = (
    await t.app.inject({
      method: 'POST',
      url: `/api/payables/${chosen.id}/payments`,
      headers: member.headers,
      payload: { provider: 'sandbox' },
    })
  ).json<Payment>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${payment.id}/sandbox`,
    headers: member.headers,
    payload: { number: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.json<Payment>().state).toBe('succeeded');
}

async function engineOf(reader: Member, conversationId: string, museId: string) {
  await t.app.muses.idle();
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/muses?after=0`,
    headers: reader.headers,
  });
  // The reader reads Spanish: each muse comes with its Spanish version.
  return page.json<MusesPage>().muses.find((muse) => muse.id === museId)?.translation?.engine;
}

it('translates an active subscriber’s muses with the premium engine, and others’ with the usual one', async () => {
  const subscriber = await newAccount(t.app, { language: 'en' });
  const member = await newAccount(t.app, { language: 'en' });
  const reader = await newAccount(t.app, { language: 'es' });
  await subscribe(subscriber);
  const overview = await t.app.inject({ method: 'GET', url: '/api/subscriptions/me', headers: subscriber.headers });
  expect(overview.json<SubscriptionOverview>().benefits.premiumEngines).toEqual(['premium']);

  const { id } = await newConversation(t.app, subscriber, {
    kind: 'group',
    title: 'Premium',
    members: [member.username, reader.username],
  });
  const fromSubscriber = await postMuse(t.app, subscriber, id, 'Good morning, friends', 'en');
  const fromMember = await postMuse(t.app, member, id, 'Good evening, friends', 'en');
  await expect.poll(() => engineOf(reader, id, fromSubscriber.id), { timeout: 10_000 }).toBe('premium');
  await expect.poll(() => engineOf(reader, id, fromMember.id), { timeout: 10_000 }).toBe('standard');
});

it('translates what a guest says in a plaza a subscriber opened with the premium engine', async () => {
  const host = await newAccount(t.app, { language: 'en' });
  await subscribe(host);
  const plazaOf = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      headers,
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PlazaSession>().plaza;
  };
  const guestSays = async (plazaId: string, inviter: Record<string, string>) => {
    const invite = await t.app.inject({ method: 'POST', url: `/api/plazas/${plazaId}/invite`, headers: inviter });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/plazas/join',
      payload: { code: invite.json<Invite>().joinCode, language: 'es', name: 'Lucía' },
      remoteAddress: `10.9.0.${Math.floor(Math.random() * 250)}`,
    });
    const guest = { 'x-plaza-token': joined.json<PlazaSession>().guestToken ?? '' };
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${plazaId}/muses`,
      headers: guest,
      payload: { clientId: randomUUID(), text: '¿Dónde está la estación de tren, por favor?', side: 'audience' },
    });
    expect(said.statusCode, said.body).toBe(201);
    const id = said.json<MuseDetail>().id;
    return async () => {
      await t.app.muses.idle();
      const page = await t.app.inject({ method: 'GET', url: `/api/plazas/${plazaId}/muses`, headers: guest });
      return page
        .json<PlazaMuses>()
        .muses.find((muse) => muse.id === id)
        ?.translations.find((v) => v.to === 'en')?.engine;
    };
  };

  const subscribersPlaza = await plazaOf(host.headers);
  await expect.poll(await guestSays(subscribersPlaza.id, host.headers), { timeout: 10_000 }).toBe('premium');
  const member = await newAccount(t.app, { language: 'en' });
  const membersPlaza = await plazaOf(member.headers);
  await expect.poll(await guestSays(membersPlaza.id, member.headers), { timeout: 10_000 }).toBe('standard');
});
