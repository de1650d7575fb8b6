import {
  SYSTEM_LEDGER_ACCOUNT_NAMES,
  type Balance,
  type LedgerEntry,
  type LedgerOwner,
  type LedgerTransfer,
  type SystemLedgerAccount,
} from '@tolk/shared/schemas/ledger';
import type { LedgerAccountRow, LedgerEntryRow, LedgerTransferRow } from './ledger.repository';

/** The ledger's rows as the API answers them: transfers, balances, statement entries and their owners. */
export function transferOf(row: LedgerTransferRow): LedgerTransfer {
  return {
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    kind: row.kind,
    reference: { type: row.referenceType, id: row.referenceId },
    debitAccountId: row.debitAccountId,
    creditAccountId: row.creditAccountId,
    reversesId: row.reversesId,
    memo: row.memo,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export function ownerOf(
  system: SystemLedgerAccount | null,
  member: { id: string | null; username: string | null; displayName: string | null },
): LedgerOwner {
  if (system) return { kind: 'system', name: SYSTEM_LEDGER_ACCOUNT_NAMES[system], memberId: null, system };
  return { kind: 'member', name: member.displayName || member.username || '', memberId: member.id, system: null };
}

export const balanceOf = (row: LedgerAccountRow): Balance => ({
  ledgerAccountId: row.id,
  currency: row.currency,
  balance: row.balance,
  noOverdraft: row.noOverdraft,
});

export function entryOf(row: LedgerEntryRow): LedgerEntry {
  return {
    id: String(row.id),
    ledgerAccountId: row.ledgerAccountId,
    transferId: row.transferId,
    at: row.at.toISOString(),
    kind: row.kind,
    counterparty: {
      ledgerAccountId: row.counterpartyId,
      ...ownerOf(row.counterpartySystem, {
        id: row.counterpartyMemberId,
        username: row.counterpartyUsername,
        displayName: row.counterpartyDisplayName,
      }),
    },
    // Named by the service (ledger.service.ts `named`), which asks the modules that own them.
    reference: { type: row.referenceType, id: row.referenceId, title: null },
    currency: row.currency,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    memo: row.memo,
    reversesId: row.reversesId,
    reversedById: row.reversedById,
  };
}
