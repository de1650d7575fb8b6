import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { resolveLinkKey, resolveVapidKeys } from '../../plugins/server-secrets';
import { deliveriesAdminRoutes } from './admin.routes';
import { createDigest, type DigestConfig } from './digest';
import { createDigestRepository } from './digest.repository';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { createPush, type PushConfig } from './push';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { unsubscribeLinks } from './unsubscribe-links';
import { unsubscribeRoutes } from './unsubscribe.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** What members are told of: modules above this one call `notify` after their change. */
    notifications: NotificationsService;
  }
}

export interface NotificationsOptions {
  push: PushConfig;
  digest: DigestConfig;
  /** Where links in mails point: TOLK_PUBLIC_URL, else this machine. */
  origin: string;
}

/**
 * Notifications: stored per member, counted live on their sockets, listed and read at
 * /api/notifications, and delivered away from the app: pushed to the member's devices and
 * gathered into digest mails, both through the durable outbox.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsOptions) => {
    const [vapidKeys, linkKey] = await Promise.all([resolveVapidKeys(app.db), resolveLinkKey(app.db)]);
    const links = unsubscribeLinks(linkKey);
    const push = createPush({
      repo: createPushRepository(app.db),
      outbox: app.outbox,
      keys: vapidKeys,
      config: options.push,
      log: app.log,
    });
    const digestRepo = createDigestRepository(app.db);
    const digest = createDigest({
      db: app.db,
      repo: digestRepo,
      outbox: app.outbox,
      mail: app.mail,
      links,
      origin: options.origin,
      isConnected: (accountId) => app.realtime.isConnected(accountId),
      config: options.digest,
      log: app.log,
    });
    const service = createNotificationsService({
      repo: createNotificationsRepository(app.db),
      tellUnread: (accountId, unread) => {
        app.realtime.toAccounts([accountId], 'notifications', { unread });
      },
      log: app.log,
      deliveries: {
        async queue(tx, fresh) {
          const items = fresh.map((row) => ({
            notificationId: row.id,
            recipientId: row.recipientId,
            topic: row.topic,
          }));
          await push.queue(tx, items);
          await digest.queue(tx, await digestRepo.mailable(tx, items));
        },
        delivered: () => {
          app.outbox.wake();
        },
      },
    });
    // A device is bound to its session: signing out there (or a new password) stops its pushes.
    app.onSessionsRevoked(({ sessionIds }) => {
      push.forgetSessions(sessionIds).catch((error: unknown) => {
        app.log.error({ err: error }, 'the push subscriptions of revoked sessions could not be removed');
      });
    });
    app.decorate('notifications', service);
    await app.register(notificationsRoutes, { prefix: '/api', service });
    await app.register(pushRoutes, { prefix: '/api', push });
    await app.register(unsubscribeRoutes, {
      prefix: '/api',
      links,
      service,
      languageOf: async (accountId) => {
        const [row] = await app.db
          .select({ language: accounts.language })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        return row?.language ?? null;
      },
    });
    await app.register(deliveriesAdminRoutes, { prefix: '/api' });
  },
  {
    name: 'notifications',
    dependencies: ['db', 'auth', 'realtime', 'outbox', 'mail', 'reach'],
    decorators: { fastify: ['realtime', 'outbox', 'mail'] },
  },
);
