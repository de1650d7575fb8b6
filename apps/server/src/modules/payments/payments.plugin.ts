import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { configuredProviders, type RedirectProviderId } from './providers/configured';
import type { RedirectProvider } from './providers/provider';
import { createSettlement } from './settlement';

export interface PaymentsPluginOptions {
  config: PaymentsConfig;
  publicUrl: string | undefined;
  /** Providers made elsewhere (the tests' contract servers) in place of the configured ones. */
  providers?: Partial<Record<RedirectProviderId, RedirectProvider>>;
}

/** Paying orders through the sandbox, Stripe and PayPal; the money moves through `app.ledger`, the orders through `app.orders`. */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentsPluginOptions) => {
    const repo = createPaymentsRepository(app.db);
    const providers = configuredProviders(options.config, options.providers);
    const service = createPaymentsService({
      repo,
      orders: app.orders,
      providers,
      settlement: createSettlement({ repo, ledger: app.ledger, orders: app.orders, providers }),
      platformFeePercent: options.config.platformFeePercent,
      log: app.log,
    });
    await app.register(paymentsRoutes, { prefix: '/api', service, publicUrl: options.publicUrl });
  },
  { name: 'payments', dependencies: ['db', 'auth', 'ledger', 'orders'] },
);
