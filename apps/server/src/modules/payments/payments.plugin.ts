import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { configuredProviders, type RedirectProviderId } from './providers/configured';
import type { RedirectProvider } from './providers/provider';
import { createSettlement } from './settlement';
import { createSubscriptionCharges } from './subscription-charges';

export interface PaymentsPluginOptions {
  config: PaymentsConfig;
  publicUrl: string | undefined;
  /** How often the sandbox's renewals and the cancelled subscriptions' ends are looked for (0: never, the tests call app.subscriptionRenewals). */
  renewEveryMs?: number;
  /** Providers made elsewhere (the tests' contract servers) in place of the configured ones. */
  providers?: Partial<Record<RedirectProviderId, RedirectProvider>>;
}

/**
 * Paying orders and subscriptions through the sandbox, Stripe and PayPal, and the plans and
 * subscriptions themselves; the money moves through `app.ledger`, the orders through `app.orders`.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentsPluginOptions) => {
    const repo = createPaymentsRepository(app.db);
    const providers = configuredProviders(options.config, options.providers);
    app.subscriptions.billWith({
      testMode: (provider) => provider === 'sandbox' || (providers.redirect(provider)?.testMode ?? false),
      async cancelAtProvider(subscription) {
        if (!subscription.provider || subscription.provider === 'sandbox' || !subscription.providerSubscriptionRef)
          return;
        const provider = providers.redirect(subscription.provider);
        if (!provider?.cancelSubscription) throw new Error(`${subscription.provider} is not configured`);
        await provider.cancelSubscription(subscription.providerSubscriptionRef);
      },
    });
    const subscriptionRecords = app.subscriptions.records;
    const charges = createSubscriptionCharges({
      repo,
      subscriptions: subscriptionRecords,
      ledger: app.ledger,
      providers,
      log: app.log,
    });
    app.decorate('subscriptionRenewals', { renewDue: (now?: Date) => charges.renewDue(now) });
    const renewEveryMs = options.renewEveryMs ?? 60_000;
    if (renewEveryMs > 0) {
      let running = false;
      const renew = async () => {
        if (running) return;
        running = true;
        try {
          // Several periods behind (the server was off): one a pass, until none is due.
          while ((await charges.renewDue()) > 0);
        } catch (error) {
          app.log.error({ err: error }, 'subscription renewals failed');
        } finally {
          running = false;
        }
      };
      const timer = setInterval(() => void renew(), renewEveryMs);
      timer.unref();
      app.addHook('onReady', async () => void renew());
      app.addHook('onClose', async () => {
        clearInterval(timer);
      });
    }
    const service = createPaymentsService({
      repo,
      orders: app.orders,
      subscriptions: subscriptionRecords,
      charges,
      providers,
      settlement: createSettlement({ repo, ledger: app.ledger, orders: app.orders, providers }),
      platformFeePercent: options.config.platformFeePercent,
      log: app.log,
      // After the refusal is stored; notify logs its own failures, so the payment path never fails by it.
      failed: ({ paymentId, accountId, title, orderId }) => {
        void app.notifications.notify({
          topic: 'payment',
          event: 'failed',
          recipientIds: [accountId],
          actorId: null,
          subject: `payment:${paymentId}`,
          data: { title },
          link: orderId ? `/order/${orderId}` : '/sub',
        });
      },
    });
    await app.register(paymentsRoutes, { prefix: '/api', service, publicUrl: options.publicUrl });
  },
  {
    name: 'payments',
    dependencies: ['db', 'auth', 'notifications', 'ledger', 'orders', 'subscriptions'],
    decorators: { fastify: ['notifications'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's renewals and the ends of cancelled subscriptions, looked for every minute. */
    subscriptionRenewals: { renewDue: (now?: Date) => Promise<number> };
  }
}
