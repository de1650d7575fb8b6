import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@tolk/shared/schemas/accounts-admin';
import type { Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accountAudit, accounts, type AuditState } from '../../db/schema/accounts';

export interface AuditInput {
  actorId: string;
  accountId?: string | null;
  tenantId?: string | null;
  action: AuditAction;
  before: AuditState | null;
  after: AuditState | null;
}

const actors = alias(accounts, 'actor');

/** The admin audit: rows are only ever added (a trigger refuses UPDATE and DELETE). */
export function createAuditRepository(db: Database) {
  return {
    /** Written with `db` the transaction of the change it records. */
    async record(entry: AuditInput): Promise<void> {
      await db.insert(accountAudit).values(entry);
    },

    /** One account's audit, newest first, a keyset page at a time. */
    async pageOf(accountId: string, query: { cursor?: string | undefined; limit: number }) {
      const page = keyset({
        tag: 'audit',
        key: accountAudit.id.getSQL(),
        keyType: 'bigint',
        id: accountAudit.id,
        idType: 'bigint',
        ascending: false,
        cursor: query.cursor,
        limit: query.limit,
      });
      const rows = await db
        .select({
          id: accountAudit.id,
          at: accountAudit.at,
          action: accountAudit.action,
          accountId: accountAudit.accountId,
          before: accountAudit.before,
          after: accountAudit.after,
          actorId: actors.id,
          actorUsername: actors.username,
          actorDisplayName: actors.displayName,
          cursorKey: page.keyColumn,
        })
        .from(accountAudit)
        .innerJoin(actors, eq(actors.id, accountAudit.actorId))
        .where(and(eq(accountAudit.accountId, accountId), page.after))
        .orderBy(...page.orderBy)
        .limit(page.take);
      return page.page(rows);
    },
  };
}
