import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { platformFee } from '@tolk/shared/payments';
import { createReaderTexts } from '../translation';
import { detectLanguage } from '../translation';
import type { TranslationService } from '../translation';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService, type OrdersService } from './orders.service';

/** Orders of offered things, with live news of each step to both sides. */
export const ordersPlugin = fp(
  async (app: FastifyInstance, options: { platformFeePercent: number }) => {
    const service = createOrdersService({
      repo: createOrdersRepository(app.db),
      offered: (reader, thingId) => app.things.offeredOne(reader, thingId),
      mayReach: async (actor, otherId) => (await app.reach.may(actor, otherId, 'see')) === 'yes',
      blocked: (actor, otherId) => app.reach.blocked(actor.accountId, otherId),
      readerTexts: createReaderTexts(app.getDecorator<TranslationService>('translation')),
      detect: (text, fallback) => detectLanguage(text, { fallback }).language,
      notify: (accountIds, event) => {
        app.realtime.toAccounts(accountIds, 'order', event);
      },
      feeOf: (totalMinor) => platformFee(totalMinor, options.platformFeePercent),
    });
    app.decorate('orders', service);
    await app.register(ordersRoutes, { prefix: '/api', service });
  },
  {
    name: 'orders',
    dependencies: ['db', 'auth', 'realtime', 'reach', 'translation', 'records'],
    decorators: { fastify: ['realtime', 'reach', 'translation', 'things'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders as the payments read and move them (paid, refunded). */
    orders: OrdersService;
  }
}
