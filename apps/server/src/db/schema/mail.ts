// Tables of plugins: only the mail plugin (apps/server/src/plugins/mail.ts) writes it (scripts/check-tables.mjs).
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './times';

/**
 * Every mail the server sent, newest first on the superadmins' "Outgoing mail" screen. Without an
 * SMTP server (TOLK_SMTP_URL unset, the `npm start` default) this is the mailbox itself: the mail
 * is kept here (and written to the log) instead of leaving the machine, so recovery links can be
 * read on a fresh install.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The outbox key it was sent under: once-only. */
    key: text('key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** `smtp` (handed to the configured server) or `mailbox` (kept here). */
    transport: text('transport', { enum: ['smtp', 'mailbox'] }).notNull(),
    messageId: text('message_id'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('outgoing_mail_sent_idx').on(t.sentAt, t.id)],
);
