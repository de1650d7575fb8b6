import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Me } from '@tolk/shared/schemas/auth';
import type { Payment } from '@tolk/shared/schemas/payments';
import type { Plan, Subscription, SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import { ledgerTransfers } from '../../db/schema/ledger';
import { payments } from '../../db/schema/payments';
import { newAccount, type Member } from '../../test/factories';
import { signedStripeEvent } from '../../test/fake-stripe';
import {
  t,
  stripe,
  paypal,
  admin,
  expectIntegrity,
  expectReceipt,
  stripeWebhook,
  usePaymentsApp,
} from './payments.test-kit';

usePaymentsApp();

let plan: Plan;
beforeAll(async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: admin.headers,
    payload: { name: 'Tolk Plus', interval: 'month', prices: [{ currency: 'EUR', amountMinor: 499 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  plan = res.json<Plan>();
});

const call = (who: Pick<Member, 'headers'>, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function chosen(provider: 'stripe' | 'paypal') {
  const member = await newAccount(t.app);
  const subscribed = await call(member, 'POST', '/api/subscriptions', { planId: plan.id, currency: 'EUR' });
  const subscription = subscribed.json<Subscription>();
  const started = await call(member, 'POST', `/api/payables/${subscription.id}/payments`, { provider });
  expect(started.statusCode, started.body).toBe(201);
  const payment = started.json<Payment>();
  expect(payment.redirectUrl).toMatch(/^https?:\/\//);
  return { member, subscription, payment };
}

const current = async (member: Member) =>
  (await call(member, 'GET', '/api/subscriptions/me')).json<SubscriptionOverview>().current!;
const activeSubscriber = async (member: Member) =>
  (await call(member, 'GET', '/api/auth/me')).json<Me>().activeSubscriber;
const transfersOf = async (id: string) =>
  (await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, id))).length;

describe('Stripe Billing', () => {
  it('activates on the paid invoice arriving before the checkout’s completion, once however often either comes, and renews and ends by webhook', async () => {
    const { member, subscription, payment } = await chosen('stripe');
    const session = stripe.stripe.pay(await providerRefOf(payment.id));
    const invoice = stripe.stripe.object(String(session.invoice));

    // The invoice first (out of order), then the same event again (a redelivery).
    const paid = signedStripeEvent('invoice.paid', invoice);
    expectReceipt(await stripeWebhook(paid.body, paid.headers), false);
    expectReceipt(await stripeWebhook(paid.body, paid.headers), true);
    expect(await activeSubscriber(member)).toBe(true);
    expect(await current(member)).toMatchObject({ id: subscription.id, state: 'active', provider: 'stripe' });
    const completed = signedStripeEvent('checkout.session.completed', session);
    expectReceipt(await stripeWebhook(completed.body, completed.headers), false);
    // The payer's return reads the same charge: still one period's two transfers.
    expect((await call(member, 'GET', `/api/payments/${payment.id}`)).json<Payment>().state).toBe('succeeded');
    expect(await transfersOf(subscription.id)).toBe(2);

    const firstEnd = (await current(member)).currentPeriodEnd!;
    const renewal = signedStripeEvent('invoice.paid', stripe.stripe.renew(String(session.subscription)));
    expectReceipt(await stripeWebhook(renewal.body, renewal.headers), false);
    expect(await transfersOf(subscription.id)).toBe(4);
    expect(new Date((await current(member)).currentPeriodEnd!).getTime()).toBeGreaterThan(new Date(firstEnd).getTime());

    const ended = signedStripeEvent('customer.subscription.deleted', stripe.stripe.end(String(session.subscription)));
    expectReceipt(await stripeWebhook(ended.body, ended.headers), false);
    expect(await current(member)).toMatchObject({ id: subscription.id, state: 'ended' });
    expect(await activeSubscriber(member)).toBe(false);
    await expectIntegrity();
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { member, payment } = await chosen('stripe');
    const session = stripe.stripe.pay(await providerRefOf(payment.id));
    const forged = signedStripeEvent('invoice.paid', stripe.stripe.object(String(session.invoice)), 'whsec_not_it');
    expect((await stripeWebhook(forged.body, forged.headers)).statusCode).toBe(400);
    expect(await activeSubscriber(member)).toBe(false);
  });

  it('cancels at the period’s end at Stripe too', async () => {
    const { member, subscription, payment } = await chosen('stripe');
    stripe.stripe.pay(await providerRefOf(payment.id));
    expect((await call(member, 'GET', `/api/payments/${payment.id}`)).json<Payment>().state).toBe('succeeded');
    const cancelled = await call(member, 'POST', `/api/subscriptions/${subscription.id}/cancel`);
    expect(cancelled.json<Subscription>()).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
    expect(await activeSubscriber(member)).toBe(true);
  });
});

describe('PayPal Subscriptions', () => {
  it('activates when the payer comes back from approving it, with the first sale in the ledger', async () => {
    const { member, subscription, payment } = await chosen('paypal');
    const ref = await providerRefOf(payment.id);
    paypal.paypal.approveSubscription(ref);
    paypal.paypal.activateSubscription(ref);
    const back = (await call(member, 'GET', `/api/payments/${payment.id}`)).json<Payment>();
    expect(back.state).toBe('succeeded');
    expect(await current(member)).toMatchObject({ id: subscription.id, state: 'active', provider: 'paypal' });
    expect(await transfersOf(subscription.id)).toBe(2);
    await expectIntegrity();
  });
});

/** The provider's checkout id of a payment (not in the API: it is the provider's business). */
async function providerRefOf(paymentId: string): Promise<string> {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!.providerRef!;
}
