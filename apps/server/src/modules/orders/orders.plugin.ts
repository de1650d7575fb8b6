import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { platformFee } from '@tolk/shared/payments';
import { createReaderTexts } from '../translation';
import { detectLanguage } from '../translation';
import type { TranslationService } from '../translation';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { createOrdersService, type OrderStep, type OrdersService } from './orders.service';

/**
 * Who hears of an order's step: the other side of whoever took it (notifications never tell the
 * actor). A provider's word (no actor) that an order is paid goes to the seller, of a refund to the buyer.
 */
function recipientsOf(step: OrderStep): string[] {
  if (step.actorId) return [step.buyerId, step.sellerId];
  return step.state === 'refunded' ? [step.buyerId] : [step.sellerId];
}

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
      stepped: (step) => {
        void app.notifications.notify({
          topic: 'order',
          event: step.state === 'pending' ? 'placed' : step.state,
          recipientIds: recipientsOf(step),
          actorId: step.actorId,
          subject: step.orderId,
          data: { title: step.thingName },
          link: `/order/${step.orderId}`,
        });
      },
    });
    app.decorate('orders', service);
    await app.register(ordersRoutes, { prefix: '/api', service });
  },
  {
    name: 'orders',
    dependencies: ['db', 'auth', 'realtime', 'reach', 'translation', 'notifications', 'records'],
    decorators: { fastify: ['realtime', 'reach', 'translation', 'notifications', 'things'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders as the payments read and move them (paid, refunded). */
    orders: OrdersService;
  }
}
