import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadNotificationsSchema,
} from '@tolk/shared/schemas/notifications';
import { routes } from '../../http/routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { NotificationsService } from './notifications.service';

/** A member's notifications and where they reach them. */
export async function notificationsRoutes(app: FastifyInstance, { service }: { service: NotificationsService }) {
  const route = routes(app, {
    tags: ['notifications'],
    errors: errorResponses(400, 401),
    actor: (request) => callerOf(request).accountId,
  });

  route('GET /notifications', {
    summary: 'My notifications, last changed first, a page at a time, with my unread count',
    querystring: notificationsQuerySchema,
    response: { 200: notificationsPageSchema },
    handler: (me, { query }) => service.page(me, query),
  });

  route('GET /notifications/unread', {
    summary: 'How many of my notifications are unread',
    response: { 200: unreadNotificationsSchema },
    handler: async (me) => ({ unread: await service.unread(me) }),
  });

  route('PUT /notifications/:id/read', {
    summary: 'Mark one of my notifications read',
    response: { 204: z.null(), ...errorResponses(404) },
    handler: (me, { params }) => service.markRead(me, params.id),
  });

  route('PUT /notifications/read', {
    summary: 'Mark all my notifications read',
    response: { 204: z.null() },
    handler: (me) => service.markAllRead(me),
  });

  route('GET /notifications/settings', {
    summary: 'Where each kind of notification reaches me besides the app (push, email)',
    response: { 200: notificationSettingsSchema },
    handler: (me) => service.settings(me),
  });

  route('PATCH /notifications/settings', {
    summary: 'Change where some kinds of notification reach me; kinds not named keep theirs',
    body: notificationSettingsInputSchema,
    response: { 200: notificationSettingsSchema },
    handler: (me, { body }) => service.saveSettings(me, body),
  });
}
