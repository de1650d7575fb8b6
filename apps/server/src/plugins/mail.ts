import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { keyset } from '../db/keyset';
import { outgoingMail } from '../db/schema/mail';
import { PermanentFailure, type Outbox } from './outbox';

/** One mail, as whoever writes it hands it over: already in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://...; absent: the embedded mailbox. */
  smtpUrl: string | undefined;
  /** The From of every mail: `Tolk <no-reply@example.org>`. */
  from: string;
}

const TOPIC = 'mail';

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: 'smtp' | 'mailbox';
  sentAt: string;
}

/** SMTP answers a mail can never get past (a refused address): no retry mends them. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMail(deps: {
  db: Database;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  config: MailConfig;
  log: FastifyInstance['log'];
  /** A transport in place of the configured SMTP server (tests). */
  transport?: Transporter;
}) {
  const { db, config } = deps;
  const smtp: Transporter | undefined =
    deps.transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined);

  const transport: OutgoingMail['transport'] = smtp ? 'smtp' : 'mailbox';

  deps.outbox.handle(TOPIC, async (payload, job) => {
    const message = payload as MailMessage;
    let messageId: string | null = null;
    if (smtp) {
      try {
        const sent = (await smtp.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ?? {},
          // The same id on a retry, so a receiving server can drop the copy of a mail it already took.
          messageId: `<${job.key.replace(/[^\w.-]/g, '.')}@tolk>`,
        })) as { messageId?: string };
        messageId = sent.messageId ?? null;
      } catch (error) {
        if (isPermanent(error)) throw new PermanentFailure((error as Error).message);
        throw error;
      }
    } else {
      deps.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail kept in the embedded mailbox (no TOLK_SMTP_URL): superadmins read it under Outgoing mail',
      );
    }
    await db
      .insert(outgoingMail)
      .values({
        key: job.key,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
        transport,
        messageId,
      })
      .onConflictDoNothing({ target: outgoingMail.key });
  });

  return {
    /** Whether mail leaves the machine (an SMTP server is configured) or stays in the mailbox. */
    transport,

    /**
     * Queues a mail under a once-only key (in `tx` when given: it goes with what caused it);
     * the outbox sends it, retrying while the server is away.
     */
    async send(key: string, message: MailMessage, tx?: Parameters<Outbox['enqueue']>[1]) {
      await deps.outbox.enqueue([{ topic: TOPIC, key: `mail:${key}`, payload: message }], tx);
    },

    /** Mail sent, newest first, a keyset page at a time (superadmins). */
    async page(cursor: string | undefined, limit: number, to?: string) {
      const set = keyset({
        tag: 'outgoing-mail',
        key: sql`${outgoingMail.sentAt}`,
        keyType: 'timestamp',
        id: outgoingMail.id,
        idType: 'bigint',
        ascending: false,
        cursor,
        limit,
      });
      const rows = await db
        .select({
          id: outgoingMail.id,
          to: outgoingMail.to,
          subject: outgoingMail.subject,
          text: outgoingMail.text,
          transport: outgoingMail.transport,
          sentAt: outgoingMail.sentAt,
          cursorKey: set.keyColumn,
        })
        .from(outgoingMail)
        .where(and(set.after, to ? sql`lower(${outgoingMail.to}) = lower(${to})` : undefined))
        .orderBy(...set.orderBy, desc(outgoingMail.id))
        .limit(set.take);
      const { rows: shown, nextCursor } = set.page(rows);
      return {
        items: shown.map((row): OutgoingMail => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          transport: row.transport,
          sentAt: row.sentAt.toISOString(),
        })),
        nextCursor,
      };
    },

    close: () => smtp?.close(),
  };
}

export type Mail = ReturnType<typeof createMail>;

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/** Outgoing mail (`app.mail`), through the outbox: SMTP when configured, the embedded mailbox otherwise. */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: { config: MailConfig; transport?: Transporter }) => {
    const mail = createMail({
      db: app.db,
      outbox: app.outbox,
      config: options.config,
      log: app.log,
      ...(options.transport ? { transport: options.transport } : {}),
    });
    app.decorate('mail', mail);
    app.addHook('onClose', () => {
      mail.close();
    });
  },
  { name: 'mail', dependencies: ['db', 'outbox'], decorators: { fastify: ['outbox'] } },
);
