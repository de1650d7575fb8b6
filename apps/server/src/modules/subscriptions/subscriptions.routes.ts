import type { FastifyInstance } from 'fastify';
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
import { routes } from '../../http/routes';
import type { SubscriptionsService } from './subscriptions.service';

/** /sub's calls: my subscription and the plans offered, subscribing, cancelling; superadmins' plans. */
export async function subscriptionsRoutes(app: FastifyInstance, { service }: { service: SubscriptionsService }) {
  const route = routes(app, {
    tags: ['subscriptions'],
    errors: errorResponses(400, 401, 403, 404, 409, 503),
    actor: callerOf,
  });

  route('GET /subscriptions/me', {
    summary: 'My subscription (running, unpaid or last), the plans offered and what a subscription gives',
    response: { 200: subscriptionOverviewSchema },
    handler: (caller) => service.overview(caller),
  });

  route('POST /subscriptions', {
    summary:
      'Subscribe to a plan in one of its currencies: an unpaid subscription (asking again finds it), paid next through /api/payables/{id}/payments; 409 while one runs',
    body: subscriptionInputSchema,
    response: { 201: subscriptionSchema },
    handler: (caller, { body }) => service.subscribe(caller, body),
  });

  route('POST /subscriptions/:id/cancel', {
    summary: 'Cancel my subscription: a running one at the end of its paid period, an unpaid one now',
    response: { 200: subscriptionSchema },
    handler: (caller, { params }) => service.cancel(caller, params.id),
  });

  route('POST /subscriptions/:id/resume', {
    summary: 'Take back the cancellation of my subscription while its period runs',
    response: { 200: subscriptionSchema },
    handler: (caller, { params }) => service.resume(caller, params.id),
  });

  route('GET /plans', {
    summary: 'Superadmins: every plan, withdrawn ones too, with its active subscribers',
    response: { 200: plansSchema },
    handler: (caller) => service.plans(caller),
  });

  route('POST /plans', {
    summary: 'Superadmins: a new plan (name, prices per currency, month or year, features)',
    body: planInputSchema,
    response: { 201: planSchema },
    handler: (caller, { body }) => service.createPlan(caller, body),
  });

  route('PATCH /plans/:id', {
    summary:
      'Superadmins: change a plan or withdraw it (new prices apply to new subscriptions; running ones keep theirs)',
    body: planUpdateSchema,
    response: { 200: planSchema },
    handler: (caller, { params, body }) => service.updatePlan(caller, params.id, body),
  });
}
