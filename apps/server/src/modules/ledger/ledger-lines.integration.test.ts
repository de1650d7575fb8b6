import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFee } from '@tolk/shared/payments';
import type { AccountPage, Balance, LedgerEntry, Statement } from '@tolk/shared/schemas/ledger';
import type { Order } from '@tolk/shared/schemas/orders';
import type { Payment, PaymentTerms } from '@tolk/shared/schemas/payments';
import type { Plan, Subscription } from '@tolk/shared/schemas/subscriptions';
import type { Thing } from '@tolk/shared/schemas/things';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import { newAccount, newTenantAccount, signIn, type Member } from '../../test/factories';
import { createTenantsRepository } from '../accounts/tenants.repository';

/**
 * What a statement line is for, named from the transfer's kind and reference (the ordered thing,
 * the plan) rather than the note stored with it; and the fee a seller is told of, from the one
 * setting the payments take it from. The server runs at 12.5 %, not the default, so nothing here
 * holds by a copied 10.
 */
const FEE_PERCENT = 12.5;

let t: TestApp;
let admin: Member;
let sofia: Member;
let ben: Member;
/** Same tenant, no part in the order; Dan lives in another tenant. */
let carla: Member;
let dan: Member;
let order: Order;

const call = (who: Pick<Member, 'headers'>, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** Pays with the sandbox's card: the order's or the subscription's first period. */
async function paySandbox(payer: Member, payableId: string) {
  const payment = await ok<Payment>(
    await call(payer, 'POST', `/api/payables/${payableId}/payments`, { provider: 'sandbox' }),
    201,
  );
  const paid = await ok<Payment>(
    await call(payer, 'POST', `/api/payments/${payment.id}/sandbox`, {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    }),
  );
  expect(paid.state).toBe('succeeded');
  return paid;
}

async function statementOf(reader: Member, owner: Member = reader): Promise<LedgerEntry[]> {
  const query = owner === reader ? '' : `?accountId=${owner.userId}`;
  const { items } = await ok<{ items: Balance[] }>(await call(reader, 'GET', `/api/ledger/balances${query}`));
  const eur = items.find((item) => item.currency === 'EUR')!;
  return (await ok<Statement>(await call(reader, 'GET', `/api/ledger/accounts/${eur.ledgerAccountId}/transactions`)))
    .items;
}

beforeAll(async () => {
  t = await testApp({
    config: { payments: { stripe: undefined, paypal: undefined, platformFeePercent: FEE_PERCENT } },
  });
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  [sofia, ben, carla] = await Promise.all([
    newAccount(t.app, { displayName: 'Sofia' }),
    newAccount(t.app, { displayName: 'Ben' }),
    newAccount(t.app, { displayName: 'Carla' }),
  ]);
  dan = await newTenantAccount(t.app, `lines-${randomUUID().slice(0, 8)}`);
  const thing = await ok<Thing>(
    await call(sofia, 'POST', '/api/things', {
      name: 'Used guidebook',
      priceMinor: 2500,
      currency: 'EUR',
      unit: 'item',
      visibility: 'offered',
    }),
    201,
  );
  order = await ok<Order>(await call(ben, 'POST', '/api/orders', { thingId: thing.id, quantity: 2 }), 201);
});
afterAll(() => t.close());

describe('the fee a seller is told of', () => {
  it('is the server’s setting, read by members from /api/payments/terms', async () => {
    expect(await ok<PaymentTerms>(await call(carla, 'GET', '/api/payments/terms'))).toEqual({
      feePercent: FEE_PERCENT,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/terms' })).statusCode).toBe(401);
  });

  it('comes with the order before it is accepted, on both sides, and is what the payment takes', async () => {
    // 12.5 % of 50.00 is 6.25.
    expect(order).toMatchObject({ totalMinor: 5000, feeMinor: 625 });
    const seen = await ok<Order>(await call(sofia, 'GET', `/api/orders/${order.id}`));
    expect(seen).toMatchObject({
      role: 'seller',
      state: 'pending',
      feeMinor: 625,
      actions: ['accept', 'decline', 'cancel'],
    });
    const listed = await ok<{ items: Order[] }>(await call(sofia, 'GET', '/api/orders?role=seller'));
    expect(listed.items.find((item) => item.id === order.id)?.feeMinor).toBe(625);

    order = await ok<Order>(await call(sofia, 'POST', `/api/orders/${order.id}/accept`, { version: seen.version }));
    const paid = await paySandbox(ben, order.id);
    expect(paid.feeMinor).toBe(platformFee(5000, FEE_PERCENT));
    expect(await t.app.ledger.balance({ memberId: sofia.userId }, 'EUR')).toBe(5000 - 625);
  });
});

describe('what a statement line is for', () => {
  it('names the order each line of it belongs to, for the buyer and the seller alike, with kind and reference', async () => {
    const buyerLines = await statementOf(ben);
    expect(buyerLines.map((line) => [line.kind, line.amount, line.counterparty.system, line.reference])).toEqual([
      ['payment', -5000, null, { type: 'order', id: order.id, title: 'Used guidebook' }],
      ['payment', 5000, 'funding_sandbox', { type: 'order', id: order.id, title: 'Used guidebook' }],
    ]);
    const sellerLines = await statementOf(sofia);
    expect(sellerLines.map((line) => [line.kind, line.amount, line.counterparty.system, line.reference.title])).toEqual(
      [
        ['fee', -625, 'platform_fees', 'Used guidebook'],
        ['payment', 5000, null, 'Used guidebook'],
      ],
    );
    // The account page's latest lines are named the same way.
    const page = await ok<AccountPage>(await call(sofia, 'GET', '/api/account/page'));
    expect(page.transactions.map((line) => line.reference.title)).toEqual(['Used guidebook', 'Used guidebook']);
    // A superadmin reading Sofia's statement sees what it is for too.
    expect((await statementOf(admin, sofia)).map((line) => line.reference.title)).toEqual([
      'Used guidebook',
      'Used guidebook',
    ]);
  });

  it('names a subscription’s lines by its plan', async () => {
    const plan = await ok<Plan>(
      await call(admin, 'POST', '/api/plans', {
        name: 'Tolk Plus',
        interval: 'month',
        prices: [{ currency: 'EUR', amountMinor: 499 }],
      }),
      201,
    );
    const subscription = await ok<Subscription>(
      await call(carla, 'POST', '/api/subscriptions', { planId: plan.id, currency: 'EUR' }),
      201,
    );
    await paySandbox(carla, subscription.id);
    const lines = await statementOf(carla);
    expect(lines.map((line) => [line.amount, line.counterparty.system, line.reference])).toEqual([
      [-499, 'platform_subscriptions', { type: 'subscription', id: subscription.id, title: 'Tolk Plus' }],
      [499, 'funding_sandbox', { type: 'subscription', id: subscription.id, title: 'Tolk Plus' }],
    ]);
  });

  it('names only what the reader may see: orders and plans of others stay unnamed', async () => {
    const subscriptionId = (await statementOf(carla))[0]!.reference.id;
    const caller = (member: Member, tenantId: string) =>
      ({ accountId: member.userId, tenantId, superAdmin: false }) as const;
    const sameTenant = await createTenantsRepository(t.app.db).ensure(ben.tenant, ben.tenant);
    // Carla shares the tenant but not the order; Dan shares neither.
    expect(await t.app.orders.names(caller(carla, sameTenant), [order.id])).toEqual(new Map());
    expect(
      await t.app.orders.names(caller(dan, await createTenantsRepository(t.app.db).ensure(dan.tenant, dan.tenant)), [
        order.id,
      ]),
    ).toEqual(new Map());
    expect(await t.app.orders.names(caller(ben, sameTenant), [order.id, 'manual-key', subscriptionId])).toEqual(
      new Map([[order.id, 'Used guidebook']]),
    );
    const member = (who: Member) => ({ ...caller(who, sameTenant), kind: 'member' }) as never;
    expect(await t.app.subscriptions.planNames(member(ben), [subscriptionId])).toEqual(new Map());
    expect(await t.app.subscriptions.planNames(member(carla), [subscriptionId, order.id, 'x'])).toEqual(
      new Map([[subscriptionId, 'Tolk Plus']]),
    );
  });
});
