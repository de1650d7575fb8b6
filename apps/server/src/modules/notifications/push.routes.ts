import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  pushEndpointQuerySchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
} from '@tolk/shared/schemas/notifications';
import { notFound } from '../../errors';
import { routes } from '../../http/routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { Push } from './push';

/** This device's web push: the key to subscribe with, and the subscription bound to my session. */
export async function pushRoutes(app: FastifyInstance, { push }: { push: Push }) {
  const route = routes(app, {
    tags: ['notifications'],
    errors: errorResponses(400, 401),
    actor: (request) => callerOf(request),
  });

  route('GET /push/key', {
    summary: "The server's VAPID public key, to subscribe a device to push with",
    response: { 200: pushKeySchema },
    handler: () => ({ publicKey: push.publicKey }),
  });

  route('PUT /push/subscriptions', {
    summary: "Push my notifications to this device (a browser's PushSubscription), until I sign out here",
    body: pushSubscriptionInputSchema,
    response: { 204: z.null() },
    handler: (me, { body }) => push.subscribe(me.accountId, me.sessionId, body),
  });

  route('DELETE /push/subscriptions', {
    summary: 'Stop pushing to this device',
    querystring: pushEndpointQuerySchema,
    response: { 204: z.null(), ...errorResponses(404) },
    handler: async (me, { query }) => {
      if (!(await push.unsubscribe(me.accountId, query.endpoint))) throw notFound('Push subscription');
    },
  });
}
