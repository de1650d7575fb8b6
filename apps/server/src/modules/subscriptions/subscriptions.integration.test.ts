import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Payable, Payment } from '@tolk/shared/schemas/payments';
import type { Plan, Plans, Subscription, SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import type { Me } from '@tolk/shared/schemas/auth';
import { ledgerTransfers } from '../../db/schema/ledger';
import { subscriptions } from '../../db/schema/subscriptions';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newTenantAccount,
  signIn,
  type Member,
} from '../../test/factories';
import { periodEnd } from './subscriptions.service';

let t: TestApp;
let admin: Member;
let plus: Plan;
let pro: Plan;

beforeAll(async () => {
  t = await testApp({ config: { publicUrl: 'https://tolk.test' } });
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  plus = await createPlan({ name: 'Tolk Plus', prices: [{ currency: 'EUR', amountMinor: 499 }], features: ['More'] });
  pro = await createPlan({
    name: 'Tolk Pro',
    interval: 'year',
    prices: [
      { currency: 'EUR', amountMinor: 4900 },
      { currency: 'USD', amountMinor: 5500 },
    ],
  });
});
afterAll(() => t.close());

type Who = Pick<Member, 'headers'>;
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function createPlan(input: Record<string, unknown>): Promise<Plan> {
  const res = await call(admin, 'POST', '/api/plans', { interval: 'month', ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Plan>();
}

async function subscribe(who: Who, planId: string, currency = 'EUR'): Promise<Subscription> {
  const res = await call(who, 'POST', '/api/subscriptions', { planId, currency });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Subscription>();
}

async function pay(who: Who, subscriptionId: string, card: string): Promise<Payment> {
  const started = await call(who, 'POST', `/api/payables/${subscriptionId}/payments`, { provider: 'sandbox' });
  expect(started.statusCode, started.body).toBe(201);
  const res = await call(who, 'POST', `/api/payments/${started.json<Payment>().id}/sandbox`, {
    number: card,
    expiry: '12/40',
    cvc: '123',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

const overview = async (who: Who) => (await call(who, 'GET', '/api/subscriptions/me')).json<SubscriptionOverview>();
const activeSubscriber = async (who: Who) => (await call(who, 'GET', '/api/auth/me')).json<Me>().activeSubscriber;
const subscriptionsIncome = () => t.app.ledger.balance({ system: 'platform_subscriptions' }, 'EUR');
/** The ledger transfers of one subscription (its charges: two each). */
const transfersOf = async (subscriptionId: string) =>
  (
    await t.database.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.referenceId, subscriptionId))
  ).length;
const expectBalanced = async () => {
  expect(await t.app.ledger.integrity()).toMatchObject({ ok: true, unbalancedCurrencies: 0, overdrawnAccounts: 0 });
};

describe('plans', () => {
  it('are made and changed by superadmins only, with one price per currency, and members see the active ones', async () => {
    const member = await newAccount(t.app);
    expectForbidden(
      await call(member, 'POST', '/api/plans', {
        name: 'Mine',
        interval: 'month',
        prices: [{ currency: 'EUR', amountMinor: 100 }],
      }),
    );
    expectForbidden(await call(member, 'GET', '/api/plans'));
    const twice = await call(admin, 'POST', '/api/plans', {
      name: 'Twice',
      interval: 'month',
      prices: [
        { currency: 'EUR', amountMinor: 100 },
        { currency: 'EUR', amountMinor: 200 },
      ],
    });
    expect(expectError(twice, 400, 'validation_failed').fields?.prices).toEqual(['One price per currency.']);
    const withdrawn = await createPlan({ name: 'Old plan', prices: [{ currency: 'EUR', amountMinor: 100 }] });
    const patched = await call(admin, 'PATCH', `/api/plans/${withdrawn.id}`, { active: false });
    expect(patched.json<Plan>()).toMatchObject({ active: false, name: 'Old plan' });
    expectNotFound(await call(admin, 'PATCH', `/api/plans/${randomUUID()}`, { active: false }));

    const offered = (await overview(member)).plans.map((plan) => plan.name);
    expect(offered).toEqual(expect.arrayContaining(['Tolk Plus', 'Tolk Pro']));
    expect(offered).not.toContain('Old plan');
    const all = (await call(admin, 'GET', '/api/plans')).json<Plans>().items.map((plan) => plan.name);
    expect(all).toContain('Old plan');
    expect(
      expectError(
        await call(member, 'POST', '/api/subscriptions', { planId: withdrawn.id, currency: 'EUR' }),
        400,
        'validation_failed',
      ).fields?.planId,
    ).toEqual(['This plan is not offered.']);
  });

  it('refuses a price of 0 (a free plan would be a payment that cannot be made), on making and changing a plan', async () => {
    const free = [{ currency: 'EUR', amountMinor: 0 }];
    const made = await call(admin, 'POST', '/api/plans', { name: 'Free', interval: 'month', prices: free });
    expect(expectError(made, 400, 'validation_failed').fields?.['prices.0.amountMinor']).toEqual(['More than zero.']);
    const changed = await call(admin, 'PATCH', `/api/plans/${plus.id}`, { prices: free });
    expect(expectError(changed, 400, 'validation_failed').fields?.['prices.0.amountMinor']).toEqual([
      'More than zero.',
    ]);
    expect((await overview(await newAccount(t.app))).plans.find((plan) => plan.id === plus.id)?.prices).toEqual([
      { currency: 'EUR', amountMinor: 499 },
    ]);
  });

  it('shows members the limits a subscription raises, from the server’s own limits', async () => {
    const member = await newAccount(t.app);
    const { benefits } = await overview(member);
    const factor = t.config.limits.subscriberFactor;
    expect(benefits.limits).toEqual([
      {
        key: 'connectRequestsPerDay',
        member: t.config.limits.connectRequestsPerDay,
        subscriber: t.config.limits.connectRequestsPerDay * factor,
      },
      {
        key: 'plazasPerHour',
        member: t.config.limits.plazasPerHour * 10,
        subscriber: t.config.limits.plazasPerHour * 10 * factor,
      },
      {
        key: 'photoUploadsPerDay',
        member: t.config.limits.photoUploadsPerDay,
        subscriber: t.config.limits.photoUploadsPerDay * factor,
      },
    ]);
  });
});

describe('subscribing with the sandbox', () => {
  it('is an unpaid subscription until paid; a declined card changes nothing; 4242 makes the member an active subscriber for a month', async () => {
    const member = await newAccount(t.app);
    const chosen = await subscribe(member, plus.id);
    expect(chosen).toMatchObject({ state: 'incomplete', amountMinor: 499, currency: 'EUR', currentPeriodEnd: null });
    // Choosing it again finds the same one.
    expect((await subscribe(member, plus.id)).id).toBe(chosen.id);
    const payable = (await call(member, 'GET', `/api/payables/${chosen.id}`)).json<Payable>();
    expect(payable).toMatchObject({
      kind: 'subscription',
      title: 'Tolk Plus',
      interval: 'month',
      amountMinor: 499,
      state: 'payable',
      returnTo: '/sub',
    });
    const before = await subscriptionsIncome();

    const declined = await pay(member, chosen.id, '4000 0000 0000 0002');
    expect(declined).toMatchObject({ state: 'failed', outcome: 'card_declined', order: null });
    expect(await activeSubscriber(member)).toBe(false);
    expect(await subscriptionsIncome()).toBe(before);

    const paid = await pay(member, chosen.id, '4242 4242 4242 4242');
    expect(paid).toMatchObject({ state: 'succeeded', payable: { kind: 'subscription', state: 'paid' } });
    expect(await activeSubscriber(member)).toBe(true);
    // A new sign-in's login response says so too.
    expect((await signIn(t.app, member.username, member.password)).activeSubscriber).toBe(true);
    const { current, activeSubscriber: flag } = await overview(member);
    expect(flag).toBe(true);
    expect(current).toMatchObject({
      id: chosen.id,
      state: 'active',
      provider: 'sandbox',
      testMode: true,
      cancelAtPeriodEnd: false,
    });
    const start = new Date(current!.currentPeriodStart!);
    expect(current!.currentPeriodEnd).toBe(periodEnd(start, 'month').toISOString());
    // The member's card money in and the subscription out: their balance is back at zero.
    expect(await t.app.ledger.balance({ memberId: member.userId }, 'EUR')).toBe(0);
    expect(await subscriptionsIncome()).toBe(before + 499);
    // The superadmins' list counts its running subscriptions.
    const listed = (await call(admin, 'GET', '/api/plans')).json<Plans>().items.find((p) => p.id === plus.id);
    expect(listed!.subscribers).toBeGreaterThanOrEqual(1);
    const page = (await call(member, 'GET', '/api/account/page')).json<{ subscription: Subscription }>();
    expect(page.subscription).toMatchObject({ id: chosen.id, state: 'active' });
    await expectBalanced();

    // While it runs, another plan is refused, and paying it again is refused.
    expectError(await call(member, 'POST', '/api/subscriptions', { planId: pro.id, currency: 'USD' }), 409, 'conflict');
    expectError(
      await call(member, 'POST', `/api/payables/${chosen.id}/payments`, { provider: 'sandbox' }),
      409,
      'conflict',
    );
  });

  it('gives back a second subscription’s payment when another came through first', async () => {
    const member = await newAccount(t.app);
    const first = await subscribe(member, plus.id);
    const second = await subscribe(member, pro.id);
    expect((await pay(member, first.id, '4242424242424242')).state).toBe('succeeded');
    const before = await subscriptionsIncome();
    const back = await pay(member, second.id, '4242424242424242');
    expect(back).toMatchObject({ state: 'failed', failure: { reason: 'already_subscribed' } });
    expect(await subscriptionsIncome()).toBe(before);
    expect((await overview(member)).current).toMatchObject({ id: first.id, state: 'active' });
    await expectBalanced();
  });

  it('keeps other members out: 404 for their subscription, its payment and its payable', async () => {
    const owner = await newAccount(t.app);
    const other = await newTenantAccount(t.app, `subs-${randomUUID().slice(0, 8)}`);
    const mine = await subscribe(owner, plus.id);
    const started = (
      await call(owner, 'POST', `/api/payables/${mine.id}/payments`, { provider: 'sandbox' })
    ).json<Payment>();
    expectNotFound(await call(other, 'GET', `/api/payables/${mine.id}`));
    expectNotFound(await call(other, 'POST', `/api/subscriptions/${mine.id}/cancel`));
    expectNotFound(await call(other, 'GET', `/api/payments/${started.id}`));
    expectNotFound(
      await call(other, 'POST', `/api/payments/${started.id}/sandbox`, {
        number: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      }),
    );
  });
});

describe('cancelling, renewing and expiry', () => {
  async function subscribed() {
    const member = await newAccount(t.app);
    const chosen = await subscribe(member, plus.id);
    await pay(member, chosen.id, '4242424242424242');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, chosen.id));
    return { member, id: chosen.id, end: row!.currentPeriodEnd! };
  }

  it('cancels at the period’s end: active until then, resumable, and over (activeSubscriber false) once it has run out', async () => {
    const { member, id, end } = await subscribed();
    const cancelled = (await call(member, 'POST', `/api/subscriptions/${id}/cancel`)).json<Subscription>();
    expect(cancelled).toMatchObject({ state: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end.toISOString() });
    expect(await activeSubscriber(member)).toBe(true);
    expect((await call(member, 'POST', `/api/subscriptions/${id}/resume`)).json<Subscription>().cancelAtPeriodEnd).toBe(
      false,
    );
    await call(member, 'POST', `/api/subscriptions/${id}/cancel`);

    await t.app.subscriptionRenewals.renewDue(new Date(end.getTime() + 1000));
    expect((await overview(member)).current).toMatchObject({ id, state: 'ended' });
    // Nothing was charged for a period that was not wanted: the first period's two transfers only.
    expect(await transfersOf(id)).toBe(2);
    // The flag follows the period, not the renewer: make the period lie in the past.
    await t.database.db.execute(
      `update accounts set subscribed_until = now() - interval '1 second' where id = '${member.userId}'`,
    );
    // Changed behind the app's back: its cached callers of the member are dropped as a change would.
    t.app.accountChanged(member.userId);
    expect(await activeSubscriber(member)).toBe(false);
  });

  it('renews a sandbox subscription at its period’s end once, however often the renewer runs', async () => {
    const { member, id, end } = await subscribed();
    const later = new Date(end.getTime() + 1000);
    await Promise.all([t.app.subscriptionRenewals.renewDue(later), t.app.subscriptionRenewals.renewDue(later)]);
    await t.app.subscriptionRenewals.renewDue(later);
    const { current } = await overview(member);
    expect(current).toMatchObject({ id, state: 'active', currentPeriodStart: end.toISOString() });
    expect(current!.currentPeriodEnd).toBe(periodEnd(end, 'month').toISOString());
    // Two periods, two transfers each.
    expect(await transfersOf(id)).toBe(4);
    await expectBalanced();
  });

  it('drops an unpaid subscription at once when cancelled', async () => {
    const member = await newAccount(t.app);
    const chosen = await subscribe(member, plus.id);
    expect((await call(member, 'POST', `/api/subscriptions/${chosen.id}/cancel`)).json<Subscription>().state).toBe(
      'ended',
    );
    expect((await call(member, 'GET', `/api/payables/${chosen.id}`)).json<Payable>().state).toBe('closed');
  });
});

describe('period arithmetic', () => {
  it('keeps the day of the month where the next month has it', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T10:00:00Z'), 'year').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-11-25T00:00:00Z'), 'month').toISOString()).toBe('2026-12-25T00:00:00.000Z');
  });
});
