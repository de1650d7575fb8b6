// Tables of module ledger: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { LedgerKind, LedgerReferenceType, SystemLedgerAccount } from '@tolk/shared/schemas/ledger';
import { accounts } from './accounts';
import { createdAt, timestamptz } from './times';

/**
 * Where money is held: a member's account in one currency (made on first use), or one of the
 * platform's own (system_code) in one currency. The balance is kept in the transaction of every
 * posting and always equals their sum; the check makes a no-overdraft account going below zero
 * fail the whole transfer, whatever runs at the same time.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id),
    systemCode: text('system_code').$type<SystemLedgerAccount>(),
    currency: text('currency').notNull(),
    noOverdraft: boolean('no_overdraft').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLs never collide: one member row per (account, currency), one system row per (code, currency).
    uniqueIndex('ledger_accounts_member_key').on(t.accountId, t.currency),
    uniqueIndex('ledger_accounts_system_key').on(t.systemCode, t.currency),
    // What a transfer's composite foreign keys point at: the account and its currency.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    check('ledger_accounts_no_overdraft', sql`not ${t.noOverdraft} or ${t.balance} >= 0`),
    check('ledger_accounts_one_holder', sql`(${t.accountId} is null) <> (${t.systemCode} is null)`),
    check('ledger_accounts_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'ledger_accounts_system_code',
      sql`${t.systemCode} in ('platform_fees', 'platform_subscriptions', 'clearing_sandbox', 'clearing_stripe', 'clearing_paypal', 'funding_sandbox')`,
    ),
  ],
);

/**
 * One movement of money between two ledger accounts of its currency. Rows are only ever added (a
 * trigger refuses UPDATE and DELETE); a correction is a reversal, a new transfer naming the one it
 * undoes, and a transfer is undone once at most (reverses_id is unique).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debitAccountId: uuid('debit_account_id').notNull(),
    creditAccountId: uuid('credit_account_id').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    referenceType: text('reference_type').$type<LedgerReferenceType>().notNull(),
    referenceId: text('reference_id').notNull(),
    /** The same key twice is the same transfer: the second call finds the first. */
    idempotencyKey: text('idempotency_key').notNull().unique('ledger_transfers_idempotency_key'),
    reversesId: uuid('reverses_id')
      .unique('ledger_transfers_reverses_key')
      .references((): AnyPgColumn => ledgerTransfers.id),
    memo: text('memo').notNull().default(''),
    /** Who posted it by hand (a superadmin's adjustment or reversal); null for the platform's own. */
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Both sides hold the transfer's currency, or it cannot be written.
    foreignKey({
      name: 'ledger_transfers_debit_fk',
      columns: [t.debitAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      name: 'ledger_transfers_credit_fk',
      columns: [t.creditAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    check('ledger_transfers_amount', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_kind', sql`${t.kind} in ('payment', 'fee', 'payout', 'refund', 'adjustment')`),
    check(
      'ledger_transfers_reference_type',
      sql`${t.referenceType} in ('order', 'subscription', 'payment_event', 'manual')`,
    ),
  ],
);

/**
 * The two entries of each transfer: the debit (negative) on the account the money left and the
 * credit (positive) on the one it reached, so every currency sums to zero. Each keeps the account's
 * balance right after it (the statement's running balance); ids grow in the order postings were
 * made to an account, as each is written while its account's row is locked. Append-only.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.ledgerAccountId, t.id),
    index('ledger_postings_transfer_idx').on(t.transferId),
    check('ledger_postings_amount', sql`${t.amount} <> 0`),
  ],
);
