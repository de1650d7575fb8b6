import { isCurrency, minorToDecimal } from '@tolk/shared/currencies';
import {
  LEDGER_AMOUNT_MAX,
  LEDGER_EXPORT_MAX,
  SYSTEM_LEDGER_ACCOUNT_NAMES,
  type Balance,
  type LedgerEntry,
  type LedgerIntegrity,
  type LedgerKind,
  type LedgerReference,
  type LedgerTransfer,
  type Statement,
  type SystemLedgerAccount,
  type TransferResult,
} from '@tolk/shared/schemas/ledger';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { toCsv } from '../../csv';
import { AppError, databaseErrorOf, fieldError, forbidden, notFound } from '../../errors';
import type { MemberCaller } from '../../plugins/auth';
import { balanceOf, entryOf, ownerOf, transferOf } from './ledger-views';
import type {
  LedgerEntryRow,
  LedgerOwnerScope,
  LedgerRepository,
  LedgerTransferRow,
  NewTransfer,
} from './ledger.repository';

/** One side of a transfer: a member's account in the currency, a system account, or a ledger account by id. */
export type LedgerParty = { memberId: string } | { system: SystemLedgerAccount } | { ledgerAccountId: string };

export interface TransferInput {
  from: LedgerParty;
  to: LedgerParty;
  currency: string;
  amount: number;
  kind: LedgerKind;
  reference: LedgerReference;
  /** Taken from what the transfer answers to (a provider's event id, an order's capture): the same key is the same transfer. */
  idempotencyKey: string;
  memo?: string;
  /** The superadmin posting it by hand; null for the platform's own transfers. */
  actorId?: string | null;
}

/**
 * The names of what transfers refer to, as the reader may know them (an order's thing, a
 * subscription's plan): asked of the modules that own them, once for a page of entries.
 */
export type ReferenceTitles = (
  reader: MemberCaller,
  references: readonly LedgerReference[],
) => Promise<(reference: LedgerReference) => string | null>;

/** How often a transfer is tried again after PostgreSQL chose it as a deadlock victim (it rolled back whole). */
const DEADLOCK_RETRIES = 3;
/** Ledger account ids never change, so resolved ones are kept; a cap keeps memory bounded. */
const RESOLVED_MAX = 50_000;
/** The prefix of keys sent to the admin routes: they never collide with a provider's ids. */
export const MANUAL_KEY_PREFIX = 'manual:';

const insufficientFunds = () => new AppError('insufficient_funds', SERVER_MESSAGES.insufficientFunds);
const alreadyReversed = () => new AppError('conflict', 'This transfer was reversed already.');

/** The same movement: what a retry of a request must repeat (the memo may be reworded). */
const sameMovement = (a: LedgerTransferRow, b: NewTransfer) =>
  a.currency === b.currency &&
  a.amount === b.amount &&
  a.debitAccountId === b.debitAccountId &&
  a.creditAccountId === b.creditAccountId &&
  a.kind === b.kind &&
  a.referenceType === b.referenceType &&
  a.referenceId === b.referenceId &&
  a.reversesId === b.reversesId;

/** Whose ledger accounts a caller reads: their own, or (superadmins) any. */
const scopeOf = (caller: MemberCaller): LedgerOwnerScope | null =>
  caller.superAdmin ? null : { accountId: caller.accountId, tenantId: caller.tenantId };

/**
 * The ledger: the one way money moves. Transfers are posted whole or not at all, never twice for
 * one idempotency key, never taking a no-overdraft account below zero; entries are never changed,
 * a mistake is reversed. Members read their own accounts; superadmins read any and post
 * adjustments and reversals.
 */
export function createLedgerService(deps: {
  repo: LedgerRepository;
  /** The accounts module: a member's tenant, to scope a superadmin's reading of their balances. */
  tenantOf: (accountId: string) => Promise<string | undefined>;
  /** Orders and subscriptions: what a statement's lines are for, by name. */
  referenceTitles: ReferenceTitles;
}) {
  const { repo } = deps;
  const resolved = new Map<string, string>();

  async function ledgerAccountOf(party: LedgerParty, currency: string): Promise<string> {
    if ('ledgerAccountId' in party) return party.ledgerAccountId;
    const key = 'memberId' in party ? `m:${party.memberId}:${currency}` : `s:${party.system}:${currency}`;
    const known = resolved.get(key);
    if (known) return known;
    let id: string;
    try {
      id = await repo.ensure(party, currency);
    } catch (error) {
      if (databaseErrorOf(error)?.code === '23503') throw notFound('Account');
      throw error;
    }
    if (resolved.size >= RESOLVED_MAX) resolved.clear();
    resolved.set(key, id);
    return id;
  }

  /** Posts the transfer, or finds the one already posted under its key; retried when chosen as a deadlock victim. */
  async function post(transfer: NewTransfer): Promise<TransferResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        const posted = await repo.post(transfer);
        if (posted) {
          return {
            transfer: transferOf({ ...transfer, id: posted.id, createdAt: posted.createdAt }),
            replayed: false,
          };
        }
      } catch (error) {
        const failure = databaseErrorOf(error);
        if (failure?.code === '23514' && failure.constraint === 'ledger_accounts_no_overdraft')
          throw insufficientFunds();
        if (failure?.code === '23505' && failure.constraint === 'ledger_transfers_reverses_key')
          throw alreadyReversed();
        if (failure?.code === '23503') {
          throw new AppError('conflict', 'Both ledger accounts must exist and hold the currency of the transfer.');
        }
        const retry = failure?.code === '40P01' || failure?.code === '40001';
        // The key's first use won a race this statement did not see: read it below.
        const keyTaken = failure?.code === '23505' && failure.constraint === 'ledger_transfers_idempotency_key';
        if (retry && attempt < DEADLOCK_RETRIES) continue;
        if (!keyTaken) throw error;
      }
      // The key was used: the first transfer under it answers, if it is the same movement.
      const first = await repo.transferByKey(transfer.idempotencyKey);
      if (!first) throw new Error(`idempotency key ${transfer.idempotencyKey} taken but no transfer has it`);
      if (!sameMovement(first, transfer)) {
        throw fieldError('idempotencyKey', 'This idempotency key was used for another transfer.', 'conflict');
      }
      return { transfer: transferOf(first), replayed: true };
    }
  }

  async function transfer(input: TransferInput): Promise<TransferResult> {
    // Other modules call this directly: the same rules as the routes' schemas, checked here too.
    if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > LEDGER_AMOUNT_MAX) {
      throw fieldError('amount', 'A whole number of minor units, more than zero.');
    }
    if (!isCurrency(input.currency)) throw fieldError('currency', 'Not an ISO 4217 currency.');
    if (!input.idempotencyKey) throw fieldError('idempotencyKey', 'Required.');
    const [debit, credit] = await Promise.all([
      ledgerAccountOf(input.from, input.currency),
      ledgerAccountOf(input.to, input.currency),
    ]);
    if (debit === credit) throw fieldError('to', 'Choose two different accounts.');
    return post({
      currency: input.currency,
      amount: input.amount,
      debitAccountId: debit,
      creditAccountId: credit,
      kind: input.kind,
      referenceType: input.reference.type,
      referenceId: input.reference.id,
      idempotencyKey: input.idempotencyKey,
      reversesId: null,
      memo: input.memo ?? '',
      createdBy: input.actorId ?? null,
    });
  }

  /** The opposite transfer of `transferId`, linked to it; a transfer is reversed once, a reversal never. */
  async function reverse(input: {
    transferId: string;
    idempotencyKey: string;
    memo?: string;
    actorId?: string | null;
  }): Promise<TransferResult> {
    const original = await repo.transfer(input.transferId);
    if (!original) throw notFound('Transfer');
    if (original.reversesId) {
      throw new AppError('conflict', 'A reversal cannot be reversed: post a new transfer instead.');
    }
    // A retried reversal finds itself; another reversal of a reversed transfer is refused.
    if (original.reversedById) {
      const again = await repo.transferByKey(input.idempotencyKey);
      if (again?.reversesId !== original.id) throw alreadyReversed();
    }
    return post({
      currency: original.currency,
      amount: original.amount,
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      kind: original.kind,
      referenceType: original.referenceType,
      referenceId: original.referenceId,
      idempotencyKey: input.idempotencyKey,
      reversesId: original.id,
      memo: input.memo ?? '',
      createdBy: input.actorId ?? null,
    });
  }

  /** Statement lines with what they are for named, as far as the reader may see it. */
  async function named(reader: MemberCaller, rows: readonly LedgerEntryRow[]): Promise<LedgerEntry[]> {
    const entries = rows.map(entryOf);
    const titleOf = await deps.referenceTitles(
      reader,
      entries.map((entry) => entry.reference),
    );
    return entries.map((entry) => ({ ...entry, reference: { ...entry.reference, title: titleOf(entry.reference) } }));
  }

  function superAdminOnly(caller: MemberCaller) {
    if (!caller.superAdmin) throw forbidden('Only superadmins move money by hand.');
  }

  /** A ledger account the caller may read, with its holder; 404 for anyone else's. */
  async function readable(caller: MemberCaller, ledgerAccountId: string) {
    const row = await repo.account(ledgerAccountId, scopeOf(caller));
    if (!row) throw notFound('Ledger account');
    return {
      ...balanceOf(row.account),
      owner: ownerOf(row.account.systemCode, {
        id: row.account.accountId,
        username: row.ownerUsername,
        displayName: row.ownerDisplayName,
      }),
    };
  }

  return {
    transfer,
    reverse,
    /** The ledger account of a party in a currency, opened on first use. */
    ledgerAccountOf,

    /** A party's balance in a currency, in minor units (0 before its first entry). */
    async balance(party: LedgerParty, currency: string): Promise<number> {
      return (await repo.balanceOf(await ledgerAccountOf(party, currency))) ?? 0;
    },

    /** The transfer posted under an idempotency key (a provider's event already handled, say). */
    async transferByKey(idempotencyKey: string): Promise<LedgerTransfer | undefined> {
      const row = await repo.transferByKey(idempotencyKey);
      return row ? transferOf(row) : undefined;
    },

    /** A superadmin's adjustment (how money enters for now: funding a member from the sandbox). */
    async adjust(
      caller: MemberCaller,
      input: { from: LedgerParty; to: LedgerParty; currency: string; amount: number; memo: string },
      idempotencyKey: string,
    ): Promise<TransferResult> {
      superAdminOnly(caller);
      return transfer({
        ...input,
        kind: 'adjustment',
        reference: { type: 'manual', id: idempotencyKey },
        idempotencyKey: `${MANUAL_KEY_PREFIX}${idempotencyKey}`,
        actorId: caller.accountId,
      });
    },

    async reverseByHand(
      caller: MemberCaller,
      transferId: string,
      input: { memo: string },
      idempotencyKey: string,
    ): Promise<TransferResult> {
      superAdminOnly(caller);
      return reverse({
        transferId,
        idempotencyKey: `${MANUAL_KEY_PREFIX}${idempotencyKey}`,
        memo: input.memo,
        actorId: caller.accountId,
      });
    },

    /** A member's balances: the caller's own, or (superadmins) another member's. */
    async balances(caller: MemberCaller, accountId = caller.accountId): Promise<{ items: Balance[] }> {
      let scope: LedgerOwnerScope = { accountId: caller.accountId, tenantId: caller.tenantId };
      if (accountId !== caller.accountId) {
        const tenantId = caller.superAdmin ? await deps.tenantOf(accountId) : undefined;
        if (!tenantId) throw notFound('Account');
        scope = { accountId, tenantId };
      }
      return { items: (await repo.balances(scope)).map(balanceOf) };
    },

    async systemBalances(caller: MemberCaller) {
      superAdminOnly(caller);
      const rows = await repo.systemBalances();
      return {
        items: rows.map((row) => ({
          ...balanceOf(row),
          system: row.systemCode!,
          name: SYSTEM_LEDGER_ACCOUNT_NAMES[row.systemCode!],
        })),
      };
    },

    async statement(
      caller: MemberCaller,
      ledgerAccountId: string,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<Statement> {
      const account = await readable(caller, ledgerAccountId);
      const page = await repo.statement(ledgerAccountId, query);
      return { account, items: await named(caller, page.rows), nextCursor: page.nextCursor };
    },

    /** Every entry of the account, oldest first, as a spreadsheet reads it; amounts as decimals. */
    async statementCsv(caller: MemberCaller, ledgerAccountId: string): Promise<{ csv: string; filename: string }> {
      const account = await readable(caller, ledgerAccountId);
      const rows = (await repo.exportAll(ledgerAccountId, LEDGER_EXPORT_MAX)).map(entryOf);
      const money = (minor: number) => minorToDecimal(minor, account.currency);
      const csv = toCsv(
        [
          'date',
          'kind',
          'counterparty',
          'reference_type',
          'reference_id',
          'amount',
          'balance',
          'currency',
          'memo',
          'transfer_id',
          'reverses',
          'reversed_by',
        ],
        rows.map((entry) => [
          entry.at,
          entry.kind,
          entry.counterparty.name,
          entry.reference.type,
          entry.reference.id,
          money(entry.amount),
          money(entry.balanceAfter),
          entry.currency,
          entry.memo,
          entry.transferId,
          entry.reversesId,
          entry.reversedById,
        ]),
      );
      const day = new Date().toISOString().slice(0, 10);
      return { csv, filename: `tolk-ledger-${account.currency}-${ledgerAccountId.slice(0, 8)}-${day}.csv` };
    },

    /** The latest entries across the member's own ledger accounts, newest first (the account page). */
    async latest(member: MemberCaller, limit: number): Promise<LedgerEntry[]> {
      const scope: LedgerOwnerScope = { accountId: member.accountId, tenantId: member.tenantId };
      return named(member, await repo.latest(scope, limit));
    },

    /** The ledger's invariants over every row (superadmins' check; tests and the bench use it too). */
    async integrity(): Promise<LedgerIntegrity> {
      const counts = await repo.integrity();
      const ok =
        counts.driftedAccounts === 0 &&
        counts.unbalancedCurrencies === 0 &&
        counts.overdrawnAccounts === 0 &&
        counts.brokenTransfers === 0 &&
        counts.brokenRunningBalances === 0;
      return { ok, ...counts };
    },

    superAdminOnly,
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
