import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountTokens, type ACCOUNT_TOKEN_PURPOSES } from '../../db/schema/account-tokens';

export type TokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** The hash kept for a token: the token itself is only ever in the mailed link. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use mailed links (account_tokens): made, counted, and taken once. */
export function createAccountTokensRepository(db: Database) {
  return {
    /**
     * A new token for `purpose`, ending the account's earlier unused ones of that purpose (only
     * the newest link works). The token, to put in the link; undefined when the account was given
     * `limit.max` of them since `limit.since` (counted under a lock on the account's tokens, so
     * requests at the same moment cannot all slip under it).
     */
    async issue(
      accountId: string,
      purpose: TokenPurpose,
      ttlMs: number,
      options: { email?: string; limit?: { max: number; since: Date } } = {},
    ): Promise<{ id: string; token: string } | undefined> {
      const token = randomBytes(32).toString('base64url');
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-tokens:${accountId}`}))`);
        if (options.limit) {
          const [issued] = await tx
            .select({ n: count() })
            .from(accountTokens)
            .where(
              and(
                eq(accountTokens.accountId, accountId),
                eq(accountTokens.purpose, purpose),
                gt(accountTokens.createdAt, options.limit.since),
              ),
            );
          if ((issued?.n ?? 0) >= options.limit.max) return undefined;
        }
        await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(accountTokens.accountId, accountId),
              eq(accountTokens.purpose, purpose),
              isNull(accountTokens.usedAt),
            ),
          );
        const [row] = await tx
          .insert(accountTokens)
          .values({
            accountId,
            purpose,
            tokenHash: tokenHash(token),
            email: options.email ?? null,
            expiresAt: new Date(Date.now() + ttlMs),
          })
          .returning({ id: accountTokens.id });
        return row!.id;
      });
      return id === undefined ? undefined : { id, token };
    },

    /**
     * Takes a token once: marks it used and answers its account (and address), or undefined when
     * it is unknown, of another purpose, used or expired. In `tx` when given, so what it opens
     * commits with it.
     */
    async take(token: string, purpose: TokenPurpose, tx: Database = db) {
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash(token)),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ accountId: accountTokens.accountId, email: accountTokens.email });
      return row;
    },
  };
}
