import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
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

interface AuditPageQuery {
  cursor?: string | undefined;
  limit: number;
}

/** The admin audit: rows are only ever added (a trigger refuses UPDATE and DELETE). */
export function createAuditRepository(db: Database) {
  return {
    /** Written with `db` the transaction of the change it records. */
    async record(entry: AuditInput): Promise<void> {
      await db.insert(accountAudit).values(entry);
    },

    /** One account's audit, newest first, a keyset page at a time. */
    pageOf(accountId: string, query: AuditPageQuery) {
      return page('audit', eq(accountAudit.accountId, accountId), query);
    },

    /**
     * The tenants' own entries (added, removed), newest first. Their tenant is kept as a bare id, so
     * a removed tenant's entries stay. Admin changes are few: the primary key, read backwards, finds
     * them without an index of their own.
     */
    tenantsPage(query: AuditPageQuery) {
      return page('tenant-audit', and(isNull(accountAudit.accountId), isNotNull(accountAudit.tenantId))!, query);
    },
  };

  async function page(tag: string, which: SQL, query: AuditPageQuery) {
    const keys = keyset({
      tag,
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
        tenantId: accountAudit.tenantId,
        before: accountAudit.before,
        after: accountAudit.after,
        actorId: actors.id,
        actorUsername: actors.username,
        actorDisplayName: actors.displayName,
        cursorKey: keys.keyColumn,
      })
      .from(accountAudit)
      .innerJoin(actors, eq(actors.id, accountAudit.actorId))
      .where(and(which, keys.after))
      .orderBy(...keys.orderBy)
      .limit(keys.take);
    return keys.page(rows);
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
