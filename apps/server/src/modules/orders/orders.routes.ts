import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { operations } from '../../http/operations';
import type { OrderActor } from './orders.service';
import type { OrdersService } from './orders.service';

const actorOf = (request: FastifyRequest): OrderActor => {
  const caller = callerOf(request);
  return {
    tenantId: caller.tenantId,
    accountId: caller.accountId,
    superAdmin: caller.superAdmin,
    language: caller.language,
  };
};

/** Orders: make one of an offered thing, my orders as buyer or seller, one with its timeline, change it, act on it. */
export async function ordersRoutes(app: FastifyInstance, options: { service: OrdersService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['orders'],
    errors: errorResponses(400, 401, 403, 404, 409),
    config: { auth: 'required' },
  });

  r.post(
    '/orders',
    operation({
      summary: 'Order an offered thing (a retried request with the same clientKey finds the first order)',
      body: orderInputSchema,
      response: { 201: orderSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  r.get(
    '/orders',
    operation({
      summary: 'My orders as buyer or as seller, newest first, a page at a time',
      querystring: ordersQuerySchema,
      response: { 200: ordersPageSchema },
    }),
    async (request) => service.list(actorOf(request), request.query),
  );

  r.get(
    '/orders/waiting',
    operation({
      summary:
        'Per side (buyer, seller): how many of my orders wait for me to act (the seller: pending, paid, a free one accepted; the buyer: accepted, to pay) and how many I have',
      response: { 200: ordersWaitingSchema },
    }),
    async (request) => service.waiting(actorOf(request)),
  );

  r.get(
    '/orders/:id',
    operation({
      summary: 'One of my orders (as buyer or seller) with its timeline',
      params: idParamsSchema,
      response: { 200: orderSchema },
    }),
    async (request) => service.get(actorOf(request), request.params.id),
  );

  r.patch(
    '/orders/:id',
    operation({
      summary: 'The buyer changes a pending order (quantity, date and time, note) from the version read',
      params: idParamsSchema,
      body: orderUpdateSchema,
      response: { 200: orderSchema },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/orders/:id/:action',
    operation({
      summary:
        'Accept or decline (seller), cancel before payment (either side), fulfil once paid, or once accepted when free (seller)',
      params: idParamsSchema.extend({
        action: z.enum(Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]]),
      }),
      body: orderActionInputSchema,
      response: { 200: orderSchema },
    }),
    async (request) => service.act(actorOf(request), request.params.id, request.params.action, request.body.version),
  );
}
