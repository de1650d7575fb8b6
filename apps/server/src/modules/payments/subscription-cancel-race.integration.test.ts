// Cancelling a subscription while its first payment is under way, in both orders of arrival, with
// the sandbox and through Stripe's and PayPal's contract servers: the race ends in one clear
// state. Cancel first: it stays ended and the money goes back. Payment first: it runs to its
// period's end, charged once, and is not renewed. Never ended and charged.
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
  paypalWebhook,
  stripeWebhook,
  usePaymentsApp,
} from './payments.test-kit';

usePaymentsApp();

const PRICE = 499;
let plan: Plan;
beforeAll(async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: admin.headers,
    payload: { name: 'Tolk Plus', interval: 'month', prices: [{ currency: 'EUR', amountMinor: PRICE }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  plan = res.json<Plan>();
});

type Who = Pick<Member, 'headers'>;
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** A member who chose the plan and opened its first payment with `provider`. */
async function chosen(provider: 'sandbox' | 'stripe' | 'paypal') {
  const member = await newAccount(t.app);
  const subscribed = await call(member, 'POST', '/api/subscriptions', { planId: plan.id, currency: 'EUR' });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const subscription = subscribed.json<Subscription>();
  const started = await call(member, 'POST', `/api/payables/${subscription.id}/payments`, { provider });
  expect(started.statusCode, started.body).toBe(201);
  return { member, subscription, payment: started.json<Payment>() };
}

async function cancel(member: Member, id: string): Promise<Subscription> {
  const res = await call(member, 'POST', `/api/subscriptions/${id}/cancel`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Subscription>();
}

/** The payment as its payer reads it (coming back from the provider, or reloading /pay/{id}). */
async function paymentOf(member: Member, id: string): Promise<Payment> {
  const res = await call(member, 'GET', `/api/payments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

const current = async (member: Member) =>
  (await call(member, 'GET', '/api/subscriptions/me')).json<SubscriptionOverview>().current!;
const activeSubscriber = async (member: Member) =>
  (await call(member, 'GET', '/api/auth/me')).json<Me>().activeSubscriber;
const transfersOf = async (subscriptionId: string) =>
  (await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, subscriptionId))).length;
const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const providerRefOf = async (id: string) => (await paymentRow(id)).providerRef!;

/** What the subscriptions took in, and what each provider's money in the ledger stands at. */
const money = async () => ({
  income: await t.app.ledger.balance({ system: 'platform_subscriptions' }, 'EUR'),
  sandbox: await t.app.ledger.balance({ system: 'funding_sandbox' }, 'EUR'),
  stripe: await t.app.ledger.balance({ system: 'clearing_stripe' }, 'EUR'),
  paypal: await t.app.ledger.balance({ system: 'clearing_paypal' }, 'EUR'),
});

/** The member was not charged: ended, no subscriber, the subscriptions took nothing, the money went back. */
async function expectGivenBack(member: Member, subscriptionId: string, before: Awaited<ReturnType<typeof money>>) {
  expect(await current(member)).toMatchObject({ id: subscriptionId, state: 'ended' });
  expect(await activeSubscriber(member)).toBe(false);
  expect(await money()).toEqual(before);
  expect(await t.app.ledger.balance({ memberId: member.userId }, 'EUR')).toBe(0);
  // The period's two transfers and their two reversals.
  expect(await transfersOf(subscriptionId)).toBe(4);
  await expectIntegrity();
}

/** The member was charged once for one period, which runs with its cancellation kept for its end. */
async function expectRunsToItsEnd(member: Member, subscriptionId: string, before: Awaited<ReturnType<typeof money>>) {
  expect(await current(member)).toMatchObject({ id: subscriptionId, state: 'active', cancelAtPeriodEnd: true });
  expect(await activeSubscriber(member)).toBe(true);
  expect((await money()).income).toBe(before.income + PRICE);
  expect(await transfersOf(subscriptionId)).toBe(2);
  await expectIntegrity();
}

function expectCancelledPayment(payment: Payment) {
  expect(payment).toMatchObject({
    state: 'failed',
    failure: { reason: 'subscription_cancelled' },
    payable: { kind: 'subscription', state: 'closed' },
  });
}

describe('with the sandbox', () => {
  it('cancel first, then the charge comes through: it stays ended and the money goes back, once', async () => {
    const { member, subscription, payment } = await chosen('sandbox');
    const before = await money();
    // The test card's charge is taken (the sandbox's first step, as POST /sandbox makes it) and
    // its settlement has not run yet: that is when the member cancels.
    await t.database.db
      .update(payments)
      .set({ state: 'pending', outcome: 'succeeded', chargeRef: `sandbox-${payment.id}` })
      .where(eq(payments.id, payment.id));
    expect(await cancel(member, subscription.id)).toMatchObject({ state: 'ended' });

    // The payer's page reads the payment: the charge settles now, and is given back.
    expectCancelledPayment(await paymentOf(member, payment.id));
    await expectGivenBack(member, subscription.id, before);
    // Read again (a reload, a second tab): nothing more moves.
    expectCancelledPayment(await paymentOf(member, payment.id));
    await expectGivenBack(member, subscription.id, before);
  });

  it('payment first, then cancel: it runs to its period’s end, charged once, and is not renewed', async () => {
    const { member, subscription, payment } = await chosen('sandbox');
    const before = await money();
    const paid = await call(member, 'POST', `/api/payments/${payment.id}/sandbox`, {
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(paid.json<Payment>().state).toBe('succeeded');
    expect(await cancel(member, subscription.id)).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
    expect((await paymentOf(member, payment.id)).state).toBe('succeeded');
    await expectRunsToItsEnd(member, subscription.id, before);

    const end = new Date((await current(member)).currentPeriodEnd!);
    await t.app.subscriptionRenewals.renewDue(new Date(end.getTime() + 1000));
    expect(await current(member)).toMatchObject({ state: 'ended' });
    expect(await activeSubscriber(member)).toBe(false);
    // No renewal was charged (the renewer may have renewed other members' subscriptions meanwhile).
    expect(await transfersOf(subscription.id)).toBe(2);
  });

  it('at the same moment: one clear state whichever comes first, never ended and charged', async () => {
    const races = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { member, subscription, payment } = await chosen('sandbox');
        await Promise.all([
          call(member, 'POST', `/api/payments/${payment.id}/sandbox`, {
            number: '4242424242424242',
            expiry: '12/40',
            cvc: '123',
          }),
          cancel(member, subscription.id),
        ]);
        // The payer's page settles what a request left half-way.
        await paymentOf(member, payment.id);
        return { member, subscription, payment };
      }),
    );
    for (const { member, subscription, payment } of races) {
      const now = await current(member);
      const transfers = await transfersOf(subscription.id);
      const settled = await paymentRow(payment.id);
      if (now.state === 'ended') {
        // Cancelled: charged nothing, or charged and given back.
        expect(await activeSubscriber(member)).toBe(false);
        expect(transfers === 0 || transfers === 4).toBe(true);
        expect(settled.state === 'succeeded').toBe(false);
      } else {
        expect(now).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
        expect(await activeSubscriber(member)).toBe(true);
        expect(transfers).toBe(2);
        expect(settled.state).toBe('succeeded');
      }
    }
    await expectIntegrity();
  });
});

describe('through Stripe', () => {
  const refundsAsked = () =>
    stripe.api.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');

  it('cancel first, then the paid invoice: it stays ended, Stripe refunds and stops renewing, once however often it is told', async () => {
    const { member, subscription, payment } = await chosen('stripe');
    const before = await money();
    const refundsBefore = refundsAsked().length;
    expect(await cancel(member, subscription.id)).toMatchObject({ state: 'ended' });

    // The member had paid on Stripe's page already; its invoice.paid arrives after the cancel.
    const session = stripe.stripe.pay(await providerRefOf(payment.id));
    const paid = signedStripeEvent('invoice.paid', stripe.stripe.object(String(session.invoice)));
    expectReceipt(await stripeWebhook(paid.body, paid.headers), false);
    await expectGivenBack(member, subscription.id, before);
    expectCancelledPayment(await paymentOf(member, payment.id));
    const refunds = refundsAsked().slice(refundsBefore);
    expect(refunds).toHaveLength(1);
    expect(new URLSearchParams(refunds[0]!.body).get('amount')).toBe(String(PRICE));
    // Refunded through the payment intent that paid the invoice, not the invoice's own id.
    expect(new URLSearchParams(refunds[0]!.body).get('payment_intent')).toBe(`pi_test_${String(session.invoice)}`);
    expect((await paymentRow(payment.id)).refundRef).toMatch(/^re_test_/);
    // Stripe takes no renewal of what was given back.
    expect(stripe.stripe.object(String(session.subscription))).toMatchObject({ cancel_at_period_end: true });

    // The same event again, and the checkout's completion reporting the same invoice: nothing doubles.
    expectReceipt(await stripeWebhook(paid.body, paid.headers), true);
    const completed = signedStripeEvent('checkout.session.completed', session);
    expectReceipt(await stripeWebhook(completed.body, completed.headers), false);
    await expectGivenBack(member, subscription.id, before);
    const keys = new Set(
      refundsAsked()
        .slice(refundsBefore)
        .map((request) => request.headers['idempotency-key']),
    );
    expect(keys.size).toBe(1);
    expectCancelledPayment(await paymentOf(member, payment.id));
  });

  it('paid invoice first, then cancel: it runs to its period’s end at Stripe too, charged once', async () => {
    const { member, subscription, payment } = await chosen('stripe');
    const before = await money();
    const refundsBefore = refundsAsked().length;
    const session = stripe.stripe.pay(await providerRefOf(payment.id));
    const paid = signedStripeEvent('invoice.paid', stripe.stripe.object(String(session.invoice)));
    expectReceipt(await stripeWebhook(paid.body, paid.headers), false);
    expect(await cancel(member, subscription.id)).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
    expect(stripe.stripe.object(String(session.subscription))).toMatchObject({ cancel_at_period_end: true });
    await expectRunsToItsEnd(member, subscription.id, before);

    expectReceipt(await stripeWebhook(paid.body, paid.headers), true);
    const completed = signedStripeEvent('checkout.session.completed', session);
    expectReceipt(await stripeWebhook(completed.body, completed.headers), false);
    await expectRunsToItsEnd(member, subscription.id, before);
    expect((await paymentOf(member, payment.id)).state).toBe('succeeded');
    expect(refundsAsked().length).toBe(refundsBefore);
  });
});

describe('through PayPal', () => {
  it('cancel first, then the first sale: it stays ended, PayPal refunds the sale and cancels, once', async () => {
    const { member, subscription, payment } = await chosen('paypal');
    const before = await money();
    expect(await cancel(member, subscription.id)).toMatchObject({ state: 'ended' });

    const ref = await providerRefOf(payment.id);
    paypal.paypal.approveSubscription(ref);
    const sale = paypal.paypal.activateSubscription(ref);
    const completed = paypal.paypal.event('PAYMENT.SALE.COMPLETED', sale);
    expectReceipt(await paypalWebhook(completed), false);
    await expectGivenBack(member, subscription.id, before);
    const refunds = () =>
      paypal.api.requests.filter((request) => request.path === `/v2/payments/captures/${sale.id}/refund`);
    expect(refunds()).toHaveLength(1);
    expect(paypal.paypal.subscriptionResource(ref).status).toBe('CANCELLED');

    // Told again, and read again on the payer's return: nothing doubles.
    expectReceipt(await paypalWebhook(completed), true);
    expectCancelledPayment(await paymentOf(member, payment.id));
    await expectGivenBack(member, subscription.id, before);
    expect(new Set(refunds().map((request) => request.headers['paypal-request-id'])).size).toBe(1);
  });
});
