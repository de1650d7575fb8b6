import type { Payable, Payment } from '@tolk/shared/schemas/payments';

export const ORDER_ID = '8a7b6c5d-4e3f-4a1b-9c2d-3e4f5a6b7c8d';
export const PAYMENT_ID = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
export const NEXT_PAYMENT_ID = '4d5e6f7a-8b9c-4d1e-9f2a-3b4c5d6e7f8a';
export const SUBSCRIPTION_ID = '5e6f7a8b-9c1d-4e2f-8a3b-4c5d6e7f8a9b';
export const ANNA = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'anna', displayName: 'Anna' };
export const LUCIA = { id: '6f1c2b4a-5d6e-4c1e-9f61-0b7f1c9e1d2a', username: 'lucia', displayName: 'Lucía' };

/** Anna's accepted order of two places on Lucía's walk, as Anna reads it before paying. */
export function aPayable(overrides: Partial<Payable> = {}): Payable {
  return {
    kind: 'order',
    id: ORDER_ID,
    title: 'Paseo por Lavapiés',
    quantity: 2,
    interval: null,
    amountMinor: 5000,
    currency: 'EUR',
    state: 'payable',
    message: null,
    returnTo: `/order/${ORDER_ID}`,
    ...overrides,
  };
}

/** A monthly plan's first period, as its subscriber reads it before paying. */
export function aSubscriptionPayable(overrides: Partial<Payable> = {}): Payable {
  return aPayable({
    kind: 'subscription',
    id: SUBSCRIPTION_ID,
    title: 'Tolk Plus',
    quantity: 1,
    interval: 'month',
    amountMinor: 900,
    returnTo: '/sub',
    ...overrides,
  });
}

/** Anna's sandbox payment of that order, just made, as Anna reads it. */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT_ID,
    provider: 'sandbox',
    testMode: true,
    state: 'created',
    outcome: null,
    failure: null,
    amountMinor: 5000,
    feeMinor: 500,
    currency: 'EUR',
    redirectUrl: null,
    role: 'buyer',
    payable: aPayable(),
    order: {
      id: ORDER_ID,
      state: 'accepted',
      version: 2,
      thingName: 'Paseo por Lavapiés',
      quantity: 2,
      totalMinor: 5000,
      currency: 'EUR',
      buyer: ANNA,
      seller: LUCIA,
    },
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}
