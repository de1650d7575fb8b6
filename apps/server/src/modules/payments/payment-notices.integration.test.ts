import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Notification, NotificationsPage } from '@tolk/shared/schemas/notifications';
import type { Payment } from '@tolk/shared/schemas/payments';
import type { Plan, Subscription } from '@tolk/shared/schemas/subscriptions';
import { payments } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { newAccount, type Member } from '../../test/factories';
import { signedStripeEvent } from '../../test/fake-stripe';
import {
  t,
  stripe,
  admin,
  deal,
  started,
  charged,
  card,
  expectReceipt,
  stripeWebhook,
  usePaymentsApp,
} from './payments.test-kit';

/** What the system tells a member of their money: a refused payment, a renewal, a cancellation. Once each. */

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

/** The member's notifications of a topic (notify is not awaited by the path that acts). */
const noticesOf = async (who: Member, topic: Notification['topic']) =>
  (await call(who, 'GET', '/api/notifications')).json<NotificationsPage>().items.filter((item) => item.topic === topic);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function subscribed(provider: 'sandbox' | 'stripe') {
  const member = await newAccount(t.app);
  const subscription = (
    await call(member, 'POST', '/api/subscriptions', { planId: plan.id, currency: 'EUR' })
  ).json<Subscription>();
  const payment = (
    await call(member, 'POST', `/api/payables/${subscription.id}/payments`, { provider })
  ).json<Payment>();
  if (provider === 'sandbox') {
    await call(member, 'POST', `/api/payments/${payment.id}/sandbox`, {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
  }
  return { member, subscription, payment };
}

describe('a refused payment', () => {
  it('tells the buyer once, with what it was for and a link to the order, however often the card is tried', async () => {
    const d = await deal(1);
    const payment = await started(d.buyer, d.order.id, 'sandbox');
    expect(await charged(d.buyer, payment.id, '4000000000000002')).toMatchObject({ state: 'failed' });
    await expect.poll(async () => (await noticesOf(d.buyer, 'payment')).length).toBe(1);
    expect((await noticesOf(d.buyer, 'payment'))[0]).toMatchObject({
      event: 'failed',
      actor: null,
      data: { title: 'Used guidebook' },
      link: `/order/${d.order.id}`,
    });
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: d.buyer.headers });
    expect((await card(d.buyer, payment.id, '4000000000000002')).statusCode).toBe(200);
    await settle();
    expect(await noticesOf(d.buyer, 'payment')).toHaveLength(1);
    expect(await noticesOf(d.seller, 'payment')).toEqual([]);
  });

  it('tells the buyer once of Stripe\u2019s failed bank payment, redelivered or not', async () => {
    const d = await deal(1);
    const payment = await started(d.buyer, d.order.id, 'stripe');
    const providerRef = payment.redirectUrl!.split('/').at(-1)!;
    const failed = signedStripeEvent('checkout.session.async_payment_failed', stripe.stripe.object(providerRef));
    expectReceipt(await stripeWebhook(failed.body, failed.headers), false);
    await expect.poll(async () => (await noticesOf(d.buyer, 'payment')).length).toBe(1);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: d.buyer.headers });
    expectReceipt(await stripeWebhook(failed.body, failed.headers), true);
    // The same word under another event id: the payment is failed already, nothing more to tell.
    const again = signedStripeEvent('checkout.session.async_payment_failed', stripe.stripe.object(providerRef));
    expectReceipt(await stripeWebhook(again.body, again.headers), false);
    await settle();
    expect(await noticesOf(d.buyer, 'payment')).toHaveLength(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.state).toBe('failed');
  });
});

describe('a subscription', () => {
  it('tells nothing of the first period, and of each renewal once, however often the renewer runs', async () => {
    const { member, subscription } = await subscribed('sandbox');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    const later = new Date(row!.currentPeriodEnd!.getTime() + 1000);
    await settle();
    expect(await noticesOf(member, 'subscription')).toEqual([]);

    await Promise.all([t.app.subscriptionRenewals.renewDue(later), t.app.subscriptionRenewals.renewDue(later)]);
    await expect.poll(async () => (await noticesOf(member, 'subscription')).length).toBe(1);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: member.headers });
    await t.app.subscriptionRenewals.renewDue(later);
    await settle();
    const notices = await noticesOf(member, 'subscription');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ event: 'renewed', actor: null, data: { title: 'Tolk Plus' }, link: '/sub' });
  });

  it('tells of a cancellation the date it ends, once however often it is asked', async () => {
    const { member, subscription } = await subscribed('sandbox');
    const cancelled = (await call(member, 'POST', `/api/subscriptions/${subscription.id}/cancel`)).json<Subscription>();
    await expect.poll(async () => (await noticesOf(member, 'subscription')).length).toBe(1);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: member.headers });
    await call(member, 'POST', `/api/subscriptions/${subscription.id}/cancel`);
    await settle();
    const notices = await noticesOf(member, 'subscription');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      event: 'ending',
      data: { title: 'Tolk Plus', date: cancelled.currentPeriodEnd!.slice(0, 10) },
      link: '/sub',
    });
  });

  it('tells of a Stripe renewal once, its webhook redelivered', async () => {
    const { member, payment } = await subscribed('stripe');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const session = stripe.stripe.pay(row!.providerRef!);
    const first = signedStripeEvent('invoice.paid', stripe.stripe.object(String(session.invoice)));
    expectReceipt(await stripeWebhook(first.body, first.headers), false);
    const renewal = signedStripeEvent('invoice.paid', stripe.stripe.renew(String(session.subscription)));
    expectReceipt(await stripeWebhook(renewal.body, renewal.headers), false);
    await expect.poll(async () => (await noticesOf(member, 'subscription')).length).toBe(1);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: member.headers });
    expectReceipt(await stripeWebhook(renewal.body, renewal.headers), true);
    await settle();
    expect((await noticesOf(member, 'subscription')).map((notice) => notice.event)).toEqual(['renewed']);
  });

  it('tells once that Stripe cannot take a renewal, however often it says past_due, and again only after a paid period', async () => {
    const { member, payment } = await subscribed('stripe');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const session = stripe.stripe.pay(row!.providerRef!);
    const paid = signedStripeEvent('invoice.paid', stripe.stripe.object(String(session.invoice)));
    expectReceipt(await stripeWebhook(paid.body, paid.headers), false);
    const pastDue = () =>
      signedStripeEvent('customer.subscription.updated', {
        ...stripe.stripe.object(String(session.subscription)),
        status: 'past_due',
      });
    const first = pastDue();
    expectReceipt(await stripeWebhook(first.body, first.headers), false);
    await expect.poll(async () => (await noticesOf(member, 'subscription')).length).toBe(1);
    expect((await noticesOf(member, 'subscription'))[0]).toMatchObject({
      event: 'failing',
      actor: null,
      data: { title: 'Tolk Plus' },
      link: '/sub',
    });
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: member.headers });
    expectReceipt(await stripeWebhook(first.body, first.headers), true);
    const second = pastDue();
    expectReceipt(await stripeWebhook(second.body, second.headers), false);
    await settle();
    expect(await noticesOf(member, 'subscription')).toHaveLength(1);
    // Still the member's plan meanwhile: Stripe keeps retrying.
    expect((await call(member, 'GET', '/api/subscriptions/me')).json<{ current: Subscription }>().current.state).toBe(
      'active',
    );

    // Paid after all: renewed, and a later failure is news again.
    const renewal = signedStripeEvent('invoice.paid', stripe.stripe.renew(String(session.subscription)));
    expectReceipt(await stripeWebhook(renewal.body, renewal.headers), false);
    const third = pastDue();
    expectReceipt(await stripeWebhook(third.body, third.headers), false);
    await expect
      .poll(async () => (await noticesOf(member, 'subscription')).map((notice) => notice.event))
      .toEqual(['failing', 'failing']);
  });
});
