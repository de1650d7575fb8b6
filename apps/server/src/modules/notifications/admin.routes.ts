import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deadDeliveriesSchema,
  deliveryParamsSchema,
  outgoingMailPageSchema,
  outgoingMailQuerySchema,
} from '@tolk/shared/schemas/notifications';
import { forbidden, notFound } from '../../errors';
import { operations } from '../../http/operations';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';

/**
 * Superadmins: the mail the server sent (the embedded mailbox itself when no SMTP server is set)
 * and the deliveries that failed for good, each of which can be tried again.
 */
export async function deliveriesAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['admin'],
    errors: errorResponses(400, 401, 403),
    config: { auth: 'required' },
  });
  const superAdmin = (request: FastifyRequest) => {
    if (!callerOf(request).superAdmin) throw forbidden('Only superadmins see this.');
  };

  r.get(
    '/admin/mail',
    operation({
      summary: 'Outgoing mail, newest first, a page at a time (superadmins)',
      querystring: outgoingMailQuerySchema,
      response: { 200: outgoingMailPageSchema },
    }),
    async (request) => {
      superAdmin(request);
      const { cursor, limit, to } = request.query;
      return { ...(await app.mail.page(cursor, limit, to)), transport: app.mail.transport };
    },
  );

  r.get(
    '/admin/deliveries/dead',
    operation({
      summary: 'Deliveries that failed for good, newest first (superadmins)',
      response: { 200: deadDeliveriesSchema },
    }),
    async (request) => {
      superAdmin(request);
      return { items: await app.outbox.dead(100) };
    },
  );

  r.post(
    '/admin/deliveries/:id/retry',
    operation({
      summary: 'Try a failed delivery again, from its first attempt (superadmins)',
      params: deliveryParamsSchema,
      response: { 204: z.null(), ...errorResponses(404) },
    }),
    async (request, reply) => {
      superAdmin(request);
      if (!(await app.outbox.retry(request.params.id))) throw notFound('Delivery');
      return reply.status(204).send(null);
    },
  );
}
