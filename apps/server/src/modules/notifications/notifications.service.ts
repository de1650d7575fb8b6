import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TOPICS,
  type Notification,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationsPage,
  type NotificationTopic,
} from '@tolk/shared/schemas/notifications';
import { notFound } from '../../errors';
import type {
  NotificationInput,
  NotificationsRepository,
  NotificationsTx,
  StoredNotification,
} from './notifications.repository';

export type { NotificationInput, StoredNotification } from './notifications.repository';

/** One event told to several members alike (a connection request, an order's step). */
export interface NotificationEvent extends Omit<NotificationInput, 'recipientId'> {
  recipientIds: string[];
}

/**
 * Notifications: stored for each recipient (never for the one who acted, never across a block),
 * counted live on the recipient's sockets, listed and marked read. Producing modules call
 * `notify` after their own change has committed; what it costs them is one statement.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  /** Tells a member's sockets their unread count. */
  tellUnread: (accountId: string, unread: number) => void;
  log: FastifyBaseLogger;
  /**
   * Queues, in the transaction that stores them, the push and mail deliveries of notifications
   * that are new (a later muse folded into an unread notification is not pushed again);
   * `delivered` follows the commit.
   */
  deliveries?: { queue: (tx: NotificationsTx, fresh: StoredNotification[]) => Promise<void>; delivered: () => void };
}) {
  const { repo, deliveries } = deps;

  async function tell(recipientIds: string[]) {
    const counts = await repo.unreadOf([...new Set(recipientIds)]);
    for (const [accountId, unread] of counts) deps.tellUnread(accountId, unread);
  }

  async function store(items: NotificationInput[]): Promise<StoredNotification[]> {
    const queue = deliveries?.queue;
    const rows = await repo.upsert(
      items,
      queue &&
        (async (tx, stored) => {
          const fresh = stored.filter((row) => row.inserted);
          if (fresh.length) await queue(tx, fresh);
        }),
    );
    if (!rows.length) return rows;
    deliveries?.delivered();
    await tell(rows.map((row) => row.recipientId));
    return rows;
  }

  async function settings(accountId: string): Promise<NotificationSettings> {
    const own = new Map((await repo.settings(accountId)).map((row) => [row.topic, row]));
    const topics = Object.fromEntries(
      NOTIFICATION_TOPICS.map((topic) => {
        const row = own.get(topic);
        return [topic, row ? { push: row.push, email: row.email } : { ...NOTIFICATION_DEFAULTS[topic] }];
      }),
    ) as NotificationSettings['topics'];
    return { topics };
  }

  return {
    /** Stores one notification per item (each with its own recipient and words); what was stored. */
    notifyEach: store,

    /**
     * Tells several members of one event. A failure is logged, not thrown: the change it tells of
     * has happened, and the member still finds it on its own screen.
     */
    async notify(event: NotificationEvent): Promise<void> {
      const { recipientIds, ...rest } = event;
      try {
        await store(recipientIds.map((recipientId) => ({ ...rest, recipientId })));
      } catch (error) {
        deps.log.error({ err: error, topic: event.topic, event: event.event }, 'a notification could not be stored');
      }
    },

    /** A member saw what a notification told of (read the conversation up to `seq`). */
    async seen(recipientId: string, topic: NotificationTopic, subject: string, seq: number): Promise<void> {
      if (await repo.markSubjectRead(recipientId, topic, subject, seq)) await tell([recipientId]);
    },

    async page(accountId: string, query: { cursor?: string | undefined; limit: number }): Promise<NotificationsPage> {
      const [{ rows, nextCursor }, counts] = await Promise.all([
        repo.page(accountId, query.cursor, query.limit),
        repo.unreadOf([accountId]),
      ]);
      const items: Notification[] = rows.map((row) => ({
        id: row.id,
        topic: row.topic as NotificationTopic,
        event: row.event,
        actor:
          row.actorId && row.actorUsername !== null && row.actorDisplayName !== null
            ? { id: row.actorId, username: row.actorUsername, displayName: row.actorDisplayName }
            : null,
        data: row.data,
        count: row.count,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
      return { items, nextCursor, unread: counts.get(accountId) ?? 0 };
    },

    async unread(accountId: string): Promise<number> {
      return (await repo.unreadOf([accountId])).get(accountId) ?? 0;
    },

    async markRead(accountId: string, id: string): Promise<void> {
      if (!(await repo.markRead(accountId, id))) throw notFound('Notification');
      await tell([accountId]);
    },

    async markAllRead(accountId: string): Promise<void> {
      if (await repo.markAllRead(accountId)) await tell([accountId]);
    },

    settings,

    async saveSettings(accountId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const current = await settings(accountId);
      const changed = Object.entries(input.topics).map(([name, channels]) => {
        const topic = name as NotificationTopic;
        const now = current.topics[topic];
        return { topic, push: channels.push ?? now.push, email: channels.email ?? now.email };
      });
      await repo.saveSettings(accountId, changed);
      return settings(accountId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
