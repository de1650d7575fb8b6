import type { Plan, Subscription, SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';

export const PLUS_ID = '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const YEARLY_ID = '4d0e2f3a-5b6c-4d7e-9f8a-0b1c2d3e4f5a';
export const SUBSCRIPTION_ID = '5e1f3a4b-6c7d-4e8f-8a9b-1c2d3e4f5a6b';
const STAMP = '2026-05-01T10:00:00.000Z';

/** Tolk Plus: 4.99 EUR or 5.49 USD a month, two features. */
export function aPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: PLUS_ID,
    name: 'Tolk Plus',
    description: 'More of everything, every month.',
    interval: 'month',
    prices: [
      { currency: 'EUR', amountMinor: 499 },
      { currency: 'USD', amountMinor: 549 },
    ],
    features: ['More connect requests', 'Premium translation'],
    active: true,
    subscribers: 0,
    createdAt: STAMP,
    ...overrides,
  };
}

/** The member's subscription to Tolk Plus in euros, paid through 1 June 2026 and renewing then. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: SUBSCRIPTION_ID,
    plan: { id: PLUS_ID, name: 'Tolk Plus', interval: 'month', features: ['More connect requests'] },
    state: 'active',
    amountMinor: 499,
    currency: 'EUR',
    provider: 'sandbox',
    testMode: false,
    currentPeriodStart: '2026-05-01T12:00:00.000Z',
    currentPeriodEnd: '2026-06-01T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: STAMP,
    ...overrides,
  };
}

/** What /sub reads for a member who never subscribed: Tolk Plus offered, and the server's limits. */
export function anOverview(overrides: Partial<SubscriptionOverview> = {}): SubscriptionOverview {
  return {
    activeSubscriber: false,
    current: null,
    plans: [aPlan()],
    benefits: {
      limits: [
        { key: 'connectRequestsPerDay', member: 20, subscriber: 200 },
        { key: 'plazasPerHour', member: 5, subscriber: 50 },
        { key: 'photoUploadsPerDay', member: 30, subscriber: 1000 },
      ],
      premiumEngines: ['deepl'],
    },
    ...overrides,
  };
}
