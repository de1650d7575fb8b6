import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import {
  ORDER_ACTIONS,
  orderActionInputSchema,
  orderInputSchema,
  orderSchema,
  ordersPageSchema,
  ordersQuerySchema,
  ordersWaitingSchema,
  orderUpdateSchema,
  type OrderAction,
} from '@tolk/shared/schemas/orders';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { routes } from '../../http/routes';
import type { OrderActor } from './orders.service';
import type { OrdersService } from './orders.service';

const actorOf = (request: FastifyRequest): OrderActor => {
  const { tenantId, accountId, superAdmin, language } = callerOf(request);
  return { tenantId, accountId, superAdmin, language };
};

/** Orders: make one of an offered thing, my orders as buyer or seller, one with its timeline, change it, act on it. */
export async function ordersRoutes(app: FastifyInstance, { service }: { service: OrdersService }) {
  const route = routes(app, {
    tags: ['orders'],
    errors: errorResponses(400, 401, 403, 404, 409),
    actor: actorOf,
  });

  route('POST /orders', {
    summary: 'Order an offered thing (a retried request with the same clientKey finds the first order)',
    body: orderInputSchema,
    response: { 201: orderSchema },
    handler: (actor, { body }) => service.create(actor, body),
  });

  route('GET /orders', {
    summary: 'My orders as buyer or as seller, newest first, a page at a time',
    querystring: ordersQuerySchema,
    response: { 200: ordersPageSchema },
    handler: (actor, { query }) => service.list(actor, query),
  });

  route('GET /orders/waiting', {
    summary:
      'Per side (buyer, seller): how many of my orders wait for me to act (the seller: pending, paid, a free one accepted; the buyer: accepted, to pay) and how many I have',
    response: { 200: ordersWaitingSchema },
    handler: (actor) => service.waiting(actor),
  });

  route('GET /orders/:id', {
    summary: 'One of my orders (as buyer or seller) with its timeline',
    response: { 200: orderSchema },
    handler: (actor, { params }) => service.get(actor, params.id),
  });

  route('PATCH /orders/:id', {
    summary: 'The buyer changes a pending order (quantity, date and time, note) from the version read',
    body: orderUpdateSchema,
    response: { 200: orderSchema },
    handler: (actor, { params, body }) => service.update(actor, params.id, body),
  });

  route('POST /orders/:id/:action', {
    summary:
      'Accept or decline (seller), cancel before payment (either side), fulfil once paid, or once accepted when free (seller)',
    params: idParamsSchema.extend({
      action: z.enum(Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]]),
    }),
    body: orderActionInputSchema,
    response: { 200: orderSchema },
    handler: (actor, { params, body }) => service.act(actor, params.id, params.action, body.version),
  });
}
