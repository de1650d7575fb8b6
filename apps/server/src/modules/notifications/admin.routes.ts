import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  deadDeliveriesSchema,
  deliveryParamsSchema,
  outgoingMailPageSchema,
  outgoingMailQuerySchema,
} from '@tolk/shared/schemas/notifications';
import { forbidden, notFound } from '../../errors';
import { routes } from '../../http/routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';

/** Only superadmins come past this: the caller, checked. */
function superAdminOf(request: FastifyRequest) {
  const caller = callerOf(request);
  if (!caller.superAdmin) throw forbidden('Only superadmins see this.');
  return caller;
}

/**
 * Superadmins: the mail the server sent (the embedded mailbox itself when no SMTP server is set)
 * and the deliveries that failed for good, each of which can be tried again.
 */
export async function deliveriesAdminRoutes(app: FastifyInstance) {
  const route = routes(app, { tags: ['admin'], errors: errorResponses(400, 401, 403), actor: superAdminOf });

  route('GET /admin/mail', {
    summary: 'Outgoing mail, newest first, a page at a time (superadmins)',
    querystring: outgoingMailQuerySchema,
    response: { 200: outgoingMailPageSchema },
    handler: async (_admin, { query }) => ({
      ...(await app.mail.page(query.cursor, query.limit, query.to)),
      transport: app.mail.transport,
    }),
  });

  route('GET /admin/deliveries/dead', {
    summary: 'Deliveries that failed for good, newest first (superadmins)',
    response: { 200: deadDeliveriesSchema },
    handler: async () => ({ items: await app.outbox.dead(100) }),
  });

  route('POST /admin/deliveries/:id/retry', {
    summary: 'Try a failed delivery again, from its first attempt (superadmins)',
    params: deliveryParamsSchema,
    response: { 204: z.null(), ...errorResponses(404) },
    handler: async (_admin, { params }) => {
      if (!(await app.outbox.retry(params.id))) throw notFound('Delivery');
    },
  });
}
