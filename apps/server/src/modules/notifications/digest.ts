import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mail } from '../../plugins/mail';
import type { Outbox } from '../../plugins/outbox';
import { serverTexts } from '../../texts';
import { layoutMail } from '../../texts/mail-layout';
import type { DigestRepository } from './digest.repository';
import { notificationWords, withActorName } from './notification-words';
import type { UnsubscribeLinks } from './unsubscribe-links';

const TOPIC = 'digest';
/** Lines a digest lists; the rest it counts. */
const LINES = 10;

export interface DigestConfig {
  /** How long a notification stays unread before a digest tells of it (TOLK_DIGEST_DELAY_MINUTES). */
  delayMs: number;
  /** At most one digest per member in this long (TOLK_DIGEST_PERIOD_HOURS). */
  periodMs: number;
}

/**
 * "You have N unread notifications" mails. A new notification for a member who takes its topic
 * by mail at a verified address queues one look at them per delay window, a delay or two later.
 * When it runs, a member with a device connected is left alone (the bell tells them); one mailed
 * within the period gets the look again once the period is over; otherwise what stayed unread
 * for the delay and was never mailed goes in one mail, recorded as mailed in the mail's own
 * transaction, so a digest is neither lost nor sent twice.
 */
export function createDigest(deps: {
  db: Database;
  repo: DigestRepository;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  mail: Pick<Mail, 'send'>;
  links: UnsubscribeLinks;
  /** Where links in mails point (TOLK_PUBLIC_URL, else this machine). */
  origin: string;
  isConnected: (accountId: string) => Promise<boolean>;
  config: DigestConfig;
  log: FastifyBaseLogger;
}) {
  const { repo, config, origin } = deps;

  deps.outbox.handle(TOPIC, async (payload) => {
    const { accountId } = payload as { accountId: string };
    const member = await repo.recipient(accountId);
    if (!member || (await deps.isConnected(accountId))) return;
    const now = Date.now();
    if (member.lastSentAt && now - member.lastSentAt.getTime() < config.periodMs) {
      // One look after the period, shared by every window that fell inside it.
      const next = member.lastSentAt.getTime() + config.periodMs;
      await deps.outbox.enqueue([
        { topic: TOPIC, key: `digest:${accountId}:after:${next}`, payload, runAt: new Date(next) },
      ]);
      return;
    }
    const items = await repo.unmailed(accountId, new Date(now - config.delayMs));
    if (!items.length) return;

    const { t, language } = serverTexts(member.language);
    const lines = items.slice(0, LINES).map((item) => `• ${notificationWords(withActorName(item), t, language)}`);
    const more = items.length - lines.length;
    const unsubscribeAll = `${origin}/api/notifications/unsubscribe?token=${deps.links.token(accountId, 'all')}`;
    const subject = t('mail.digest.subject', { count: items.length });
    const message = layoutMail({
      t,
      language,
      to: member.email,
      subject,
      name: member.name,
      paragraphs: [
        t('mail.digest.intro'),
        lines.join('\n'),
        ...(more > 0 ? [t('mail.digest.more', { count: more })] : []),
      ],
      action: { label: t('mail.digest.button'), url: `${origin}/notifications` },
      after: [t('mail.digest.why')],
      footer: { text: t('mail.unsubscribe'), url: unsubscribeAll },
      headers: {
        'List-Unsubscribe': `<${unsubscribeAll}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const sentAt = new Date(now);
    await deps.db.transaction(async (tx) => {
      await repo.record(
        tx,
        accountId,
        items.map((item) => item.id),
        sentAt,
      );
      await deps.mail.send(`digest:${accountId}:${now}`, message, tx);
    });
  });

  return {
    /** Queues a look at each of these members' unread notifications, once per delay window (in `exec`). */
    async queue(exec: Parameters<Outbox['enqueue']>[1], accountIds: string[]) {
      if (!accountIds.length) return;
      const window = Math.floor(Date.now() / config.delayMs);
      const runAt = new Date((window + 2) * config.delayMs);
      await deps.outbox.enqueue(
        accountIds.map((accountId) => ({
          topic: TOPIC,
          key: `digest:${accountId}:${window}`,
          payload: { accountId },
          runAt,
        })),
        exec,
      );
    },
  };
}

export type Digest = ReturnType<typeof createDigest>;
