import type { FastifyBaseLogger } from 'fastify';
import { excerpt } from '@tolk/shared/text';
import type { Outbox } from '../../plugins/outbox';
import type { NotificationsService } from '../notifications';
import type { MusesRepository, UnreadNotice } from './muses.repository';

const TOPIC = 'muse-notices';
/**
 * Members looked at and told per statement: a large group's notifications are made in short
 * statements, so muses sent meanwhile (on PGlite's one connection above all) wait behind one of
 * them at most, not behind the whole group.
 */
const MEMBERS_PER_STEP = 10;
/** A notification's preview of the last muse: enough to know what it says. */
export const PREVIEW_CHARS = 140;

/**
 * Members told of muses in a conversation they are not reading: one notification per conversation
 * until they read it. A sent muse queues (in the durable outbox, off the send path: not awaited)
 * one look at the conversation per `delayMs` window, run at least `delayMs` after each of its
 * muses; when it runs, every member who has not read up to the last muse by then (a reader on
 * the screen has) gets the notification, with how many are unread and the last one in their
 * reading language.
 */
export function createMuseNotices(deps: {
  repo: Pick<MusesRepository, 'unreadNotices'>;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  notifications: Pick<NotificationsService, 'notifyEach' | 'seen'>;
  delayMs: number;
  log: FastifyBaseLogger;
}) {
  const { delayMs } = deps;
  /** The last window each conversation was queued in, so a busy one queues once per window. */
  const queued = new Map<string, number>();

  deps.outbox.handle(TOPIC, async (payload) => {
    const { conversationId } = payload as { conversationId: string };
    let after: string | null = null;
    for (;;) {
      const notices = await deps.repo.unreadNotices(conversationId, { after, limit: MEMBERS_PER_STEP });
      if (!notices.length) return;
      after = notices[notices.length - 1]!.memberId;
      await tell(conversationId, notices);
      if (notices.length < MEMBERS_PER_STEP) return;
    }
  });

  async function tell(conversationId: string, notices: UnreadNotice[]) {
    await deps.notifications.notifyEach(
      notices.map((notice) => ({
        recipientId: notice.accountId,
        topic: 'muse',
        event: 'new',
        subject: conversationId,
        actorId: notice.senderAccountId,
        count: notice.unread,
        data: {
          museId: notice.museId,
          seq: String(notice.seq),
          preview: excerpt(notice.text, PREVIEW_CHARS),
          // The original's language when no translation was ready: the reader sees it is not theirs.
          ...(notice.translated ? {} : { previewLanguage: notice.sourceLanguage }),
          ...(notice.group ? { title: notice.title } : {}),
          ...(notice.hasPhoto ? { photo: 'true' } : {}),
        },
        link: `/muses/${conversationId}`,
      })),
    );
  }

  return {
    /** A muse was sent in this conversation. Never throws and never waits. */
    sent(conversationId: string) {
      const now = Date.now();
      const window = delayMs > 0 ? Math.floor(now / delayMs) : now;
      if (queued.get(conversationId) === window) return;
      if (queued.size > 50_000) queued.clear();
      queued.set(conversationId, window);
      deps.outbox
        .enqueue([
          {
            topic: TOPIC,
            key: `${TOPIC}:${conversationId}:${window}`,
            payload: { conversationId },
            // After the window's end plus the delay: every muse it covers has had its full delay
            // to be read by someone on the screen, the last one included.
            runAt: new Date(delayMs > 0 ? (window + 2) * delayMs : now),
          },
        ])
        .catch((error: unknown) => {
          queued.delete(conversationId);
          deps.log.error({ err: error, conversationId }, 'the notifications of a muse could not be queued');
        });
    },

    /** A member read the conversation up to `seq`: its notification, if it told of no later muse, is read. */
    read(accountId: string, conversationId: string, seq: number) {
      deps.notifications.seen(accountId, 'muse', conversationId, seq).catch((error: unknown) => {
        deps.log.error({ err: error, conversationId }, 'a muse notification could not be marked read');
      });
    },
  };
}

export type MuseNotices = ReturnType<typeof createMuseNotices>;
