import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SubscriptionBenefits } from '@tolk/shared/schemas/subscriptions';
import { premiumAuthors } from './premium-authors';
import { subscriptionsRoutes } from './subscriptions.routes';
import {
  createSubscriptions,
  type SubscriptionRecords,
  type SubscriptionsDeps,
  type SubscriptionsService,
} from './subscriptions.service';

/** What only the payments know of a subscription's provider: whether it is in test mode, and how to stop it renewing. */
export type SubscriptionBilling = Pick<SubscriptionsDeps, 'testMode' | 'cancelAtProvider'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' subscriptions and the plans (the account page reads the member's). */
    subscriptions: SubscriptionsService & {
      /** The subscription rows as the payments charge and renew them. */
      records: SubscriptionRecords;
      /** The payments module hands in its providers' side of a subscription when it registers. */
      billWith(billing: SubscriptionBilling): void;
    };
  }
}

/**
 * Plans and members' subscriptions; what a subscription gives. Charging them is the payments
 * module's (registered above this one, it calls `billWith`); a subscriber's muses reach the premium
 * translation engines first through the policy this module hands to muses.
 */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance, options: { benefits: SubscriptionBenefits }) => {
    let billing: SubscriptionBilling | undefined;
    const billed = () => {
      if (!billing) throw new Error('subscriptions are billed by the payments module, which is not registered');
      return billing;
    };
    const { service, records } = createSubscriptions(app.db, {
      accountChanged: (accountId) => {
        app.accountChanged(accountId);
      },
      // Told after the change committed; notify logs its own failures, so no payment path waits on it or fails by it.
      notice: ({ event, subscriptionId, accountId, planName, periodEnd }) => {
        void app.notifications.notify({
          topic: 'subscription',
          event,
          recipientIds: [accountId],
          actorId: null,
          subject: `subscription:${subscriptionId}`,
          data: {
            title: planName,
            ...(event === 'ending' && periodEnd ? { date: periodEnd.toISOString().slice(0, 10) } : {}),
          },
          link: '/sub',
        });
      },
      benefits: options.benefits,
      testMode: (provider) => billed().testMode(provider),
      cancelAtProvider: (subscription) => billed().cancelAtProvider(subscription),
      log: app.log,
    });
    app.decorate(
      'subscriptions',
      Object.assign(service, {
        records,
        billWith(given: SubscriptionBilling) {
          billing = given;
        },
      }),
    );
    if (options.benefits.premiumEngines.length > 0) app.muses.premiumWhen(premiumAuthors(app.db));
    await app.register(subscriptionsRoutes, { prefix: '/api', service });
  },
  {
    name: 'subscriptions',
    dependencies: ['db', 'auth', 'notifications', 'muses'],
    decorators: { fastify: ['notifications', 'muses'] },
  },
);
