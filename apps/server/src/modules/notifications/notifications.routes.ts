import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadNotificationsSchema,
} from '@tolk/shared/schemas/notifications';
import { operations } from '../../http/operations';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { NotificationsService } from './notifications.service';

/** A member's notifications and where they reach them. */
export async function notificationsRoutes(app: FastifyInstance, { service }: { service: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['notifications'],
    errors: errorResponses(400, 401),
    config: { auth: 'required' },
  });
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).accountId;

  r.get(
    '/notifications',
    operation({
      summary: 'My notifications, last changed first, a page at a time, with my unread count',
      querystring: notificationsQuerySchema,
      response: { 200: notificationsPageSchema },
    }),
    async (request) => service.page(me(request), request.query),
  );

  r.get(
    '/notifications/unread',
    operation({ summary: 'How many of my notifications are unread', response: { 200: unreadNotificationsSchema } }),
    async (request) => ({ unread: await service.unread(me(request)) }),
  );

  r.put(
    '/notifications/:id/read',
    operation({
      summary: 'Mark one of my notifications read',
      params: idParamsSchema,
      response: { 204: z.null(), ...errorResponses(404) },
    }),
    async (request, reply) => {
      await service.markRead(me(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/notifications/read',
    operation({ summary: 'Mark all my notifications read', response: { 204: z.null() } }),
    async (request, reply) => {
      await service.markAllRead(me(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/notifications/settings',
    operation({
      summary: 'Where each kind of notification reaches me besides the app (push, email)',
      response: { 200: notificationSettingsSchema },
    }),
    async (request) => service.settings(me(request)),
  );

  r.patch(
    '/notifications/settings',
    operation({
      summary: 'Change where some kinds of notification reach me; kinds not named keep theirs',
      body: notificationSettingsInputSchema,
      response: { 200: notificationSettingsSchema },
    }),
    async (request) => service.saveSettings(me(request), request.body),
  );
}
