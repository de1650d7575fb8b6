import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_TOKEN_MINUTES, RESETS_PER_ACCOUNT_PER_HOUR, VERIFY_TOKEN_HOURS } from '@tolk/shared/limits';
import type { AccountEmail } from '@tolk/shared/schemas/auth';
import { personName } from '@tolk/shared/names';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Database } from '../../db/client';
import { AppError, fieldError, isUniqueViolation } from '../../errors';
import type { RevokedSessions } from '../../plugins/auth';
import type { Mail } from '../../plugins/mail';
import type { Outbox } from '../../plugins/outbox';
import { createSessionsRepository } from '../../plugins/sessions.repository';
import { serverTexts } from '../../texts';
import { layoutMail } from '../../texts/mail-layout';
import { assertAcceptablePassword, createAccountsService, type AccountRow } from '../accounts';
import { createAccountTokensRepository } from './account-tokens.repository';
import type { PasswordHasher } from './auth.service';

const RESET_TOPIC = 'password-reset';
const LINK_EXPIRED = 'This link has expired or was already used. Ask for a new one.';

/**
 * A member's email address and getting back into an account: the address is verified by a link
 * mailed to it before anything else is sent there; "Forgot password?" mails a single-use link
 * (30 minutes) to the verified address of the account named by username or address; a new
 * password chosen through it ends every session of the account.
 *
 * A forgotten-password request is answered alike whether or not an account matches, after the
 * same work: it only queues the request (one insert into the outbox); the lookup, the limit per
 * account and the mail happen later in the outbox, off the request, so neither the answer nor
 * its timing tells whether the account exists.
 */
export function createRecovery(deps: {
  db: Database;
  mail: Pick<Mail, 'send'>;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;
  const accounts = createAccountsService(db);
  const tokens = createAccountTokensRepository(db);

  async function mailVerification(account: AccountRow, email: string, origin: string) {
    const { token, id } = (await tokens.issue(account.id, 'verify-email', VERIFY_TOKEN_HOURS * 3_600_000, { email }))!;
    const { t, language } = serverTexts(account.language);
    await deps.mail.send(
      `verify:${id}`,
      layoutMail({
        t,
        language,
        to: email,
        subject: t('mail.verify.subject'),
        name: personName(account),
        paragraphs: [t('mail.verify.intro', { email })],
        action: { label: t('mail.verify.button'), url: `${origin}/verify-email?token=${token}` },
        after: [t('mail.verify.expiry')],
      }),
    );
  }

  deps.outbox.handle(RESET_TOPIC, async (payload) => {
    const { login, origin } = payload as { login: string; origin: string };
    const account = login.includes('@')
      ? await accounts.findByVerifiedEmail(login)
      : await accounts.findByUsername(login);
    // Nobody to write to: no such account, no verified address, a suspended account.
    if (!account?.email || !account.emailVerifiedAt || account.suspendedAt) return;
    const issued = await tokens.issue(account.id, 'reset-password', RESET_TOKEN_MINUTES * 60_000, {
      limit: { max: RESETS_PER_ACCOUNT_PER_HOUR, since: new Date(Date.now() - 3_600_000) },
    });
    if (!issued) {
      deps.log.info({ accountId: account.id }, 'a password reset was asked for too often: no mail sent');
      return;
    }
    const { token, id } = issued;
    const { t, language } = serverTexts(account.language);
    await deps.mail.send(
      `reset:${id}`,
      layoutMail({
        t,
        language,
        to: account.email,
        subject: t('mail.reset.subject'),
        name: personName(account),
        paragraphs: [t('mail.reset.intro', { username: account.username })],
        action: { label: t('mail.reset.button'), url: `${origin}/reset-password?token=${token}` },
        after: [t('mail.reset.expiry')],
      }),
    );
  });

  return {
    async email(accountId: string): Promise<AccountEmail> {
      const account = await accounts.findById(accountId);
      return { email: account?.email ?? null, verified: !!account?.emailVerifiedAt };
    },

    /** Sets (or with null removes) my address; a new one is mailed its link to verify it. */
    async setEmail(accountId: string, email: string | null, origin: string): Promise<AccountEmail> {
      await accounts.setEmail(accountId, email);
      const account = await accounts.findById(accountId);
      if (!account) throw new AppError('unauthorized', SERVER_MESSAGES.accountGone);
      if (email && !account.emailVerifiedAt) await mailVerification(account, email, origin);
      return { email: account.email, verified: !!account.emailVerifiedAt };
    },

    /** Mails a new link to verify my address (the earlier one stops working). */
    async resendVerification(accountId: string, origin: string): Promise<AccountEmail> {
      const account = await accounts.findById(accountId);
      if (!account?.email) throw fieldError('email', 'Add an email address first.');
      if (!account.emailVerifiedAt) await mailVerification(account, account.email, origin);
      return { email: account.email, verified: !!account.emailVerifiedAt };
    },

    /** Opens a verification link: the address it was sent to is proved, if it is still the account's. */
    async verify(token: string): Promise<AccountEmail> {
      const taken = await tokens.take(token, 'verify-email');
      if (!taken?.email) throw fieldError('token', LINK_EXPIRED);
      try {
        if (!(await accounts.verifyEmail(taken.accountId, taken.email))) throw fieldError('token', LINK_EXPIRED);
      } catch (error) {
        // Another account proved the same address first: one account per address.
        if (isUniqueViolation(error)) {
          throw fieldError('token', 'This address is already verified on another account.', 'conflict');
        }
        throw error;
      }
      return { email: taken.email, verified: true };
    },

    /** Queues a forgotten-password request; answers nothing about the account. */
    async forgot(login: string, origin: string): Promise<void> {
      await deps.outbox.enqueue([
        { topic: RESET_TOPIC, key: `${RESET_TOPIC}:${randomUUID()}`, payload: { login, origin } },
      ]);
    },

    /** A new password through a reset link: set, the link used up, every session of the account ended. */
    async reset(token: string, password: string): Promise<RevokedSessions> {
      return db.transaction(async (tx) => {
        const taken = await createAccountTokensRepository(tx).take(token, 'reset-password', tx);
        if (!taken) throw fieldError('token', LINK_EXPIRED);
        const txAccounts = createAccountsService(tx);
        const account = await txAccounts.findById(taken.accountId);
        if (!account || account.suspendedAt) throw fieldError('token', LINK_EXPIRED);
        await assertAcceptablePassword('password', password, account.username);
        await txAccounts.setPasswordHash(account.id, await deps.passwords.hash(password));
        const sessionIds = await createSessionsRepository(tx).revokeAll(account.id);
        return { accountId: account.id, sessionIds };
      });
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
