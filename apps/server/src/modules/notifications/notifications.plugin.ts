import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliveriesAdminRoutes } from './admin.routes';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What members are told of: modules above this one call `notify` after their change. */
    notifications: NotificationsService;
  }
}

/** Notifications: stored per member, counted live on their sockets, listed and read at /api/notifications. */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createNotificationsService({
      repo: createNotificationsRepository(app.db),
      tellUnread: (accountId, unread) => {
        app.realtime.toAccounts([accountId], 'notifications', { unread });
      },
      log: app.log,
    });
    app.decorate('notifications', service);
    await app.register(notificationsRoutes, { prefix: '/api', service });
    await app.register(deliveriesAdminRoutes, { prefix: '/api' });
  },
  {
    name: 'notifications',
    dependencies: ['db', 'auth', 'realtime', 'outbox', 'mail', 'reach'],
    decorators: { fastify: ['realtime', 'outbox', 'mail'] },
  },
);
