import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LedgerKind, LedgerReferenceType, SystemLedgerAccount } from '@tolk/shared/schemas/ledger';
import { executePrepared, type Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accounts } from '../../db/schema/accounts';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../db/schema/ledger';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;

export interface NewTransfer {
  currency: string;
  amount: number;
  debitAccountId: string;
  creditAccountId: string;
  kind: LedgerKind;
  referenceType: LedgerReferenceType;
  referenceId: string;
  idempotencyKey: string;
  reversesId: string | null;
  memo: string;
  createdBy: string | null;
}

/** Whose ledger accounts a member may read: their own, in their tenant. */
export interface LedgerOwnerScope {
  accountId: string;
  tenantId: string;
}

const counterparty = alias(ledgerAccounts, 'counterparty');
const counterpartyOwner = alias(accounts, 'counterparty_owner');
const reversal = alias(ledgerTransfers, 'reversal');

/** A statement line: the posting, its transfer, the other side and the reversal that undid it, if any. */
const entryColumns = {
  id: ledgerPostings.id,
  ledgerAccountId: ledgerPostings.ledgerAccountId,
  amount: ledgerPostings.amount,
  balanceAfter: ledgerPostings.balanceAfter,
  at: ledgerPostings.createdAt,
  transferId: ledgerTransfers.id,
  currency: ledgerTransfers.currency,
  kind: ledgerTransfers.kind,
  referenceType: ledgerTransfers.referenceType,
  referenceId: ledgerTransfers.referenceId,
  memo: ledgerTransfers.memo,
  reversesId: ledgerTransfers.reversesId,
  reversedById: reversal.id,
  counterpartyId: counterparty.id,
  counterpartySystem: counterparty.systemCode,
  counterpartyMemberId: counterpartyOwner.id,
  counterpartyUsername: counterpartyOwner.username,
  counterpartyDisplayName: counterpartyOwner.displayName,
};

/**
 * The ledger's SQL. Transfers are written by one statement (below); nothing here updates or
 * deletes a transfer or a posting, and the database refuses it anyway (append-only triggers).
 */
export function createLedgerRepository(db: Database) {
  function entries(where: SQL | undefined) {
    return db
      .select(entryColumns)
      .from(ledgerPostings)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
      .innerJoin(
        counterparty,
        eq(
          counterparty.id,
          sql`case when ${ledgerPostings.amount} < 0 then ${ledgerTransfers.creditAccountId} else ${ledgerTransfers.debitAccountId} end`,
        ),
      )
      .leftJoin(counterpartyOwner, eq(counterpartyOwner.id, counterparty.accountId))
      .leftJoin(reversal, eq(reversal.reversesId, ledgerTransfers.id))
      .where(where);
  }

  /** A member's ledger accounts, joined to the member in their tenant. */
  const memberScope = (scope: LedgerOwnerScope) =>
    and(
      eq(ledgerAccounts.accountId, scope.accountId),
      sql`exists (select 1 from ${accounts} where ${accounts.id} = ${ledgerAccounts.accountId} and ${accounts.tenantId} = ${scope.tenantId})`,
    );

  return {
    /**
     * The id of a member's (or a system) ledger account in a currency, made on first use; two
     * first uses at once both get the one row.
     */
    async ensure(holder: { memberId: string } | { system: SystemLedgerAccount }, currency: string): Promise<string> {
      const member = 'memberId' in holder;
      const holderColumn = member ? ledgerAccounts.accountId : ledgerAccounts.systemCode;
      const holderValue = member ? holder.memberId : holder.system;
      const find = () =>
        db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(holderColumn, holderValue), eq(ledgerAccounts.currency, currency)));
      const [found] = await find();
      if (found) return found.id;
      const [made] = await db
        .insert(ledgerAccounts)
        .values({
          ...(member ? { accountId: holder.memberId } : { systemCode: holder.system }),
          currency,
          // A member never owes; the platform's clearing and funding accounts stand for money
          // outside it, which may run negative. Its fees and subscriptions only ever hold what came in.
          noOverdraft: member || holder.system === 'platform_fees' || holder.system === 'platform_subscriptions',
        })
        .onConflictDoNothing()
        .returning({ id: ledgerAccounts.id });
      if (made) return made.id;
      const [raced] = await find();
      if (!raced) throw new Error('ledger account missing after a conflicting insert');
      return raced.id;
    },

    /**
     * Posts a transfer in one statement, so in one transaction and one round trip: the transfer
     * row (nothing when its idempotency key is taken: no row comes back), both ledger account
     * rows locked in id order (two transfers between the same accounts never deadlock) and their
     * balances moved, and the two postings with the balances after them. A no-overdraft account
     * going below zero fails the check constraint and with it the whole statement; ledger_check
     * fails it too unless exactly two postings were written.
     */
    async post(transfer: NewTransfer): Promise<{ id: string; createdAt: Date } | null> {
      const { amount, debitAccountId: debit, creditAccountId: credit } = transfer;
      const rows = await executePrepared<{ id: string; created_at: string | Date }>(
        db,
        'ledger_post_transfer',
        sql`
        with ins as (
          insert into ${ledgerTransfers} (currency, amount, debit_account_id, credit_account_id, kind,
            reference_type, reference_id, idempotency_key, reverses_id, memo, created_by)
          values (${transfer.currency}::text, ${amount}::bigint, ${debit}::uuid, ${credit}::uuid, ${transfer.kind}::text,
            ${transfer.referenceType}::text, ${transfer.referenceId}::text, ${transfer.idempotencyKey}::text,
            ${transfer.reversesId}::uuid, ${transfer.memo}::text, ${transfer.createdBy}::uuid)
          on conflict (idempotency_key) do nothing
          returning id, created_at
        ), locked as (
          select la.id from ${ledgerAccounts} la
          where la.id in (${debit}::uuid, ${credit}::uuid) and exists (select 1 from ins)
          order by la.id
          for no key update
        ), moved as (
          update ${ledgerAccounts} la
          set balance = la.balance + case when la.id = ${debit}::uuid then -${amount}::bigint else ${amount}::bigint end
          from locked
          where la.id = locked.id
          returning la.id, la.balance
        ), posted as (
          insert into ${ledgerPostings} (transfer_id, ledger_account_id, amount, balance_after, created_at)
          select ins.id, moved.id,
            case when moved.id = ${debit}::uuid then -${amount}::bigint else ${amount}::bigint end,
            moved.balance, ins.created_at
          from ins cross join moved
          returning id
        )
        select ins.id, ins.created_at,
          ledger_check((select count(*) from posted) = 2, 'a transfer posts exactly two entries') as checked
        from ins`,
      );
      const [row] = rows;
      return row ? { id: row.id, createdAt: new Date(row.created_at) } : null;
    },

    async transferByKey(idempotencyKey: string): Promise<LedgerTransferRow | undefined> {
      const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
      return row;
    },

    async transfer(id: string): Promise<(LedgerTransferRow & { reversedById: string | null }) | undefined> {
      const [row] = await db
        .select({ transfer: ledgerTransfers, reversedById: reversal.id })
        .from(ledgerTransfers)
        .leftJoin(reversal, eq(reversal.reversesId, ledgerTransfers.id))
        .where(eq(ledgerTransfers.id, id));
      return row ? { ...row.transfer, reversedById: row.reversedById } : undefined;
    },

    /** A ledger account and its holder: a member's own (scoped), or any for superadmins (null scope). */
    async account(id: string, scope: LedgerOwnerScope | null) {
      const [row] = await db
        .select({
          account: ledgerAccounts,
          ownerUsername: accounts.username,
          ownerDisplayName: accounts.displayName,
        })
        .from(ledgerAccounts)
        .leftJoin(accounts, eq(accounts.id, ledgerAccounts.accountId))
        .where(scope ? and(eq(ledgerAccounts.id, id), memberScope(scope)) : eq(ledgerAccounts.id, id));
      return row;
    },

    async balanceOf(id: string): Promise<number | undefined> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, id));
      return row?.balance;
    },

    /** A member's ledger accounts, by currency. */
    balances(scope: LedgerOwnerScope): Promise<LedgerAccountRow[]> {
      return db.select().from(ledgerAccounts).where(memberScope(scope)).orderBy(asc(ledgerAccounts.currency));
    },

    systemBalances(): Promise<LedgerAccountRow[]> {
      return db
        .select()
        .from(ledgerAccounts)
        .where(isNotNull(ledgerAccounts.systemCode))
        .orderBy(asc(ledgerAccounts.systemCode), asc(ledgerAccounts.currency));
    },

    /** One account's entries, newest first, a keyset page at a time. */
    async statement(ledgerAccountId: string, query: { cursor?: string | undefined; limit: number }) {
      const page = keyset({
        tag: 'ledger',
        key: ledgerPostings.id.getSQL(),
        keyType: 'bigint',
        id: ledgerPostings.id,
        idType: 'bigint',
        ascending: false,
        cursor: query.cursor,
        limit: query.limit,
      });
      const rows = await entries(and(eq(ledgerPostings.ledgerAccountId, ledgerAccountId), page.after))
        .orderBy(...page.orderBy)
        .limit(page.take);
      return page.page(rows.map((row) => ({ ...row, cursorKey: String(row.id) })));
    },

    /** Every entry of one account, oldest first (the export). */
    exportAll(ledgerAccountId: string, max: number) {
      return entries(eq(ledgerPostings.ledgerAccountId, ledgerAccountId)).orderBy(asc(ledgerPostings.id)).limit(max);
    },

    /** The latest entries across a member's ledger accounts, newest first. */
    latest(scope: LedgerOwnerScope, limit: number) {
      return entries(
        sql`${ledgerPostings.ledgerAccountId} in (select ${ledgerAccounts.id} from ${ledgerAccounts} where ${memberScope(scope)})`,
      )
        .orderBy(desc(ledgerPostings.id))
        .limit(limit);
    },

    /**
     * The invariants, counted over the whole ledger: balances equal to their postings, every
     * currency summing to zero, no no-overdraft account below zero, two cancelling postings per
     * transfer, and running balances that follow one from the other.
     */
    async integrity() {
      // Counts come back as text (pg) or numbers (PGlite).
      const [row] = await executePrepared<Record<string, string | number>>(
        db,
        'ledger_integrity',
        sql`
        select
          (select count(*) from ${ledgerAccounts} la
            where la.balance <> coalesce((select sum(p.amount) from ${ledgerPostings} p where p.ledger_account_id = la.id), 0)
          ) as drifted,
          (select count(*) from (
            select la.currency from ${ledgerPostings} p join ${ledgerAccounts} la on la.id = p.ledger_account_id
            group by la.currency having sum(p.amount) <> 0) c
          ) as unbalanced,
          (select count(*) from ${ledgerAccounts} where no_overdraft and balance < 0) as overdrawn,
          (select count(*) from ${ledgerTransfers} t
            where (select count(*) from ${ledgerPostings} p where p.transfer_id = t.id) <> 2
               or (select sum(p.amount) from ${ledgerPostings} p where p.transfer_id = t.id) <> 0
          ) as broken,
          (select count(*) from (
            select balance_after, amount,
              lag(balance_after, 1, 0::bigint) over (partition by ledger_account_id order by id) as before
            from ${ledgerPostings}) r
            where r.balance_after <> r.before + r.amount
          ) as running,
          (select count(*) from ${ledgerTransfers}) as transfers
      `,
      );
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        driftedAccounts: n('drifted'),
        unbalancedCurrencies: n('unbalanced'),
        overdrawnAccounts: n('overdrawn'),
        brokenTransfers: n('broken'),
        brokenRunningBalances: n('running'),
        transfers: n('transfers'),
      };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
export type LedgerEntryRow = Awaited<ReturnType<LedgerRepository['exportAll']>>[number];
