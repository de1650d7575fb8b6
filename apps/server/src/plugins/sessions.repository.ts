import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groupCommit } from '../db/group-commit';
import { accounts, activeSubscriberNow } from '../db/schema/accounts';
import { sessions } from '../db/schema/sessions';
import { tenants } from '../db/schema/tenants';
import { isUuid } from '../db/uuid';

export function createSessionsRepository(db: Database) {
  // Built once: it runs for every signed-in request.
  const liveStatement = db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      accountId: accounts.id,
      username: accounts.username,
      displayName: accounts.displayName,
      language: accounts.language,
      roles: accounts.roles,
      activeSubscriber: activeSubscriberNow,
      mustChangePassword: accounts.mustChangePassword,
      tenantId: tenants.id,
      tenant: tenants.slug,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`,
        isNull(sessions.revokedAt),
        isNull(accounts.suspendedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('sessions_find_live');
  type LiveRow = Awaited<ReturnType<typeof liveStatement.execute>>[number];
  // Sessions asked for together go in one query: after a restart every socket comes back at once
  // with a session this instance has not read yet (bench/sockets.ts), and one query per socket
  // queued them behind each other on the database.
  const liveLookups = groupCommit(
    async (keys: { sessionId: string; accountId: string }[]): Promise<(LiveRow | undefined)[]> => {
      const rows = await liveStatement.execute({ sessionIds: [...new Set(keys.map((key) => key.sessionId))] });
      const byId = new Map(rows.map((row) => [row.sessionId, row]));
      return keys.map(({ sessionId, accountId }) => {
        const row = byId.get(sessionId);
        return row?.accountId === accountId ? row : undefined;
      });
    },
    { maxBatch: 500 },
  );

  return {
    async create(input: { accountId: string; expiresAt: Date; userAgent: string; ip: string }): Promise<string> {
      const [row] = await db
        .insert(sessions)
        // Signing in is the session's first sight: no write is needed on its first request.
        .values({ ...input, userAgent: input.userAgent.slice(0, 400), lastSeenAt: sql`now()` })
        .returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned nothing');
      return row.id;
    },

    /** A live (unrevoked, unexpired) session with its account, in one query. */
    async findLive(sessionId: string, accountId: string): Promise<LiveRow | undefined> {
      // Only ids this server issued reach here (a token's signature was checked), but one malformed
      // id must not fail the lookups it would share a query with.
      if (!isUuid(sessionId)) return undefined;
      return liveLookups.submit({ sessionId: sessionId.toLowerCase(), accountId: accountId.toLowerCase() });
    },

    /**
     * Notes that the session made a request, at most once per `minutes`: the write is skipped
     * while the last one is recent, so a busy session costs no write per request.
     */
    async touch(sessionId: string, minutes: number): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(
          and(
            eq(sessions.id, sessionId),
            or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${minutes})`)),
          ),
        );
    },

    /** An account's live (unrevoked, unexpired) sessions, newest first. */
    liveOf(accountId: string, limit: number) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(limit);
    },

    /** Revokes one session of this account; returns its id, or nothing when it is not a live one of it. */
    async revokeOf(accountId: string, sessionId: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Revokes one session; returns its id, or nothing when it was already revoked. */
    async revoke(sessionId: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Revokes every unrevoked session of the account; returns the ids it revoked. */
    async revokeAll(accountId: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Revokes every unrevoked session of the account but one; returns the ids it revoked. */
    async revokeAllExcept(accountId: string, keepSessionId: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
export type LiveSession = NonNullable<Awaited<ReturnType<SessionsRepository['findLive']>>>;
