import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import {
  planInputSchema,
  planSchema,
  plansSchema,
  planUpdateSchema,
  subscriptionInputSchema,
  subscriptionOverviewSchema,
  subscriptionSchema,
} from '@tolk/shared/schemas/subscriptions';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import type { SubscriptionsService } from './subscriptions.service';

/** /sub's calls: my subscription and the plans offered, subscribing, cancelling; superadmins' plans. */
export async function subscriptionsRoutes(app: FastifyInstance, { service }: { service: SubscriptionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['subscriptions'],
    errors: errorResponses(400, 401, 403, 404, 409, 503),
    config: { auth: 'required' },
  });

  r.get(
    '/subscriptions/me',
    operation({
      summary: 'My subscription (running, unpaid or last), the plans offered and what a subscription gives',
      response: { 200: subscriptionOverviewSchema },
    }),
    async (request) => service.overview(callerOf(request)),
  );

  r.post(
    '/subscriptions',
    operation({
      summary:
        'Subscribe to a plan in one of its currencies: an unpaid subscription (asking again finds it), paid next through /api/payables/{id}/payments; 409 while one runs',
      body: subscriptionInputSchema,
      response: { 201: subscriptionSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.subscribe(callerOf(request), request.body)),
  );

  r.post(
    '/subscriptions/:id/cancel',
    operation({
      summary: 'Cancel my subscription: a running one at the end of its paid period, an unpaid one now',
      params: idParamsSchema,
      response: { 200: subscriptionSchema },
    }),
    async (request) => service.cancel(callerOf(request), request.params.id),
  );

  r.post(
    '/subscriptions/:id/resume',
    operation({
      summary: 'Take back the cancellation of my subscription while its period runs',
      params: idParamsSchema,
      response: { 200: subscriptionSchema },
    }),
    async (request) => service.resume(callerOf(request), request.params.id),
  );

  r.get(
    '/plans',
    operation({
      summary: 'Superadmins: every plan, withdrawn ones too, with its active subscribers',
      response: { 200: plansSchema },
    }),
    async (request) => service.plans(callerOf(request)),
  );

  r.post(
    '/plans',
    operation({
      summary: 'Superadmins: a new plan (name, prices per currency, month or year, features)',
      body: planInputSchema,
      response: { 201: planSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.createPlan(callerOf(request), request.body)),
  );

  r.patch(
    '/plans/:id',
    operation({
      summary:
        'Superadmins: change a plan or withdraw it (new prices apply to new subscriptions; running ones keep theirs)',
      params: idParamsSchema,
      body: planUpdateSchema,
      response: { 200: planSchema },
    }),
    async (request) => service.updatePlan(callerOf(request), request.params.id, request.body),
  );
}
