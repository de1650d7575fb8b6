import { z } from 'zod';
import { textSchema } from './text';
import { currencySchema } from './money';
import { subscriptionSchema } from './subscriptions';
import { twoSidesDiffer } from './two-sides';

/**
 * The ledger: money held per member and currency, moved only by transfers between two ledger
 * accounts (double entry, integer minor units, one currency a transfer, never changed after the
 * fact: a correction is a reversal). Every transfer carries an idempotency key; sending one twice
 * answers with the first transfer.
 */

/** What a transfer is for. */
export const LEDGER_KINDS = ['payment', 'fee', 'payout', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a transfer refers to: an order, a subscription, a provider's event, or a person's decision. */
export const LEDGER_REFERENCE_TYPES = ['order', 'subscription', 'payment_event', 'manual'] as const;
export type LedgerReferenceType = (typeof LEDGER_REFERENCE_TYPES)[number];

/**
 * The platform's own ledger accounts, one per currency: its fees, its subscriptions' income, a clearing account per payment
 * provider (money on its way in or out through it), and the sandbox's funding (test money).
 */
export const SYSTEM_LEDGER_ACCOUNTS = [
  'platform_fees',
  'platform_subscriptions',
  'clearing_sandbox',
  'clearing_stripe',
  'clearing_paypal',
  'funding_sandbox',
] as const;
export type SystemLedgerAccount = (typeof SYSTEM_LEDGER_ACCOUNTS)[number];
export const SYSTEM_LEDGER_ACCOUNT_NAMES: Record<SystemLedgerAccount, string> = {
  platform_fees: 'Platform fees',
  platform_subscriptions: 'Subscriptions',
  clearing_sandbox: 'Sandbox clearing',
  clearing_stripe: 'Stripe clearing',
  clearing_paypal: 'PayPal clearing',
  funding_sandbox: 'Sandbox funding',
};

/** The largest amount one transfer moves, in minor units (10 billion EUR): balances stay exact in JSON numbers. */
export const LEDGER_AMOUNT_MAX = 1_000_000_000_000;
export const IDEMPOTENCY_KEY_MAX = 200;
export const LEDGER_REFERENCE_ID_MAX = 200;
export const LEDGER_MEMO_MAX = 500;
/** Entries per page of a statement. */
export const LEDGER_PAGE_SIZE = 50;
export const LEDGER_PAGE_MAX = 200;
/** Entries an export holds at most, oldest first. */
export const LEDGER_EXPORT_MAX = 100_000;
/** The latest entries the account page shows. */
export const ACCOUNT_PAGE_ENTRIES = 10;

export { currencySchema };
export const ledgerAmountSchema = z
  .number()
  .int('Whole minor units.')
  .min(1, 'More than zero.')
  .max(LEDGER_AMOUNT_MAX, 'Too large.');
/** Printable ASCII: provider ids, UUIDs, "order-42-capture". */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'Required.')
  .max(IDEMPOTENCY_KEY_MAX, `At most ${IDEMPOTENCY_KEY_MAX} characters.`)
  .regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces.');

/** A note on a transfer by hand: why it was made. */
export const ledgerMemoSchema = z
  .string()
  .trim()
  .max(LEDGER_MEMO_MAX, `At most ${LEDGER_MEMO_MAX} characters.`)
  .default('');

export const ledgerReferenceSchema = z.object({
  type: z.enum(LEDGER_REFERENCE_TYPES),
  id: textSchema(LEDGER_REFERENCE_ID_MAX),
});
export type LedgerReference = z.infer<typeof ledgerReferenceSchema>;

/** A side of an adjustment: a member's ledger account in the currency (made on first use), or a system one. */
export const ledgerPartySchema = z.union([
  z.object({ memberId: z.uuid('Not a valid id.') }),
  z.object({ system: z.enum(SYSTEM_LEDGER_ACCOUNTS) }),
]);
export type LedgerParty = z.infer<typeof ledgerPartySchema>;

/** A superadmin's adjustment, e.g. funding a member from the sandbox funding account. */
export const adjustmentInputSchema = z
  .object({
    from: ledgerPartySchema,
    to: ledgerPartySchema,
    currency: currencySchema,
    amount: ledgerAmountSchema,
    memo: ledgerMemoSchema,
    /** Or the Idempotency-Key header (the same key when both are sent). */
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .refine(...twoSidesDiffer('from', 'to', 'Choose two different accounts.'));
export type AdjustmentInput = z.input<typeof adjustmentInputSchema>;

export const reverseInputSchema = z.object({
  memo: ledgerMemoSchema,
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type ReverseInput = z.input<typeof reverseInputSchema>;

/** The Idempotency-Key header, where a route takes it. */
export const idempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export const ledgerTransferSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  amount: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  reference: ledgerReferenceSchema,
  /** The account the amount left, and the one it reached. */
  debitAccountId: z.uuid(),
  creditAccountId: z.uuid(),
  /** Set on a reversal: the transfer it undoes. */
  reversesId: z.uuid().nullable(),
  memo: z.string(),
  idempotencyKey: z.string(),
  createdAt: z.string(),
});
export type LedgerTransfer = z.infer<typeof ledgerTransferSchema>;

/** A transfer posted, or found again under its idempotency key (`replayed`: nothing new moved). */
export const transferResultSchema = z.object({ transfer: ledgerTransferSchema, replayed: z.boolean() });
export type TransferResult = z.infer<typeof transferResultSchema>;

export const ledgerOwnerSchema = z.object({
  kind: z.enum(['member', 'system']),
  /** The member's display name (their username without one), or the system account's name. */
  name: z.string(),
  memberId: z.uuid().nullable(),
  system: z.enum(SYSTEM_LEDGER_ACCOUNTS).nullable(),
});
export type LedgerOwner = z.infer<typeof ledgerOwnerSchema>;

export const balanceSchema = z.object({
  ledgerAccountId: z.uuid(),
  currency: z.string(),
  /** Minor units. */
  balance: z.number().int(),
  noOverdraft: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balancesSchema = z.object({ items: z.array(balanceSchema) });
export const balancesQuerySchema = z.object({
  /** Superadmins: another member's balances. */
  accountId: z.uuid('Not a valid id.').optional(),
});

export const systemBalanceSchema = balanceSchema.extend({ system: z.enum(SYSTEM_LEDGER_ACCOUNTS), name: z.string() });
export const systemBalancesSchema = z.object({ items: z.array(systemBalanceSchema) });

/** One line of a statement: a posting to the account, with what the transfer says. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  ledgerAccountId: z.uuid(),
  transferId: z.uuid(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  counterparty: ledgerOwnerSchema.extend({ ledgerAccountId: z.uuid() }),
  /**
   * What the transfer is for, with its name as the reader knows it (the ordered thing's, the
   * subscription's plan's): the web describes the line from its kind, counterparty and this, and
   * links to the order or plan; title is null where the reader may not see it or it has none.
   */
  reference: ledgerReferenceSchema.extend({ title: z.string().nullable() }),
  currency: z.string(),
  /** Signed minor units: negative left the account, positive reached it. */
  amount: z.number().int(),
  /** The account's balance right after this entry. */
  balanceAfter: z.number().int(),
  /**
   * The note stored with the transfer: the platform's own are English words for operators and
   * exports, never shown to members (the line is described from kind and reference); a
   * superadmin's adjustment carries the reason they typed.
   */
  memo: z.string(),
  reversesId: z.uuid().nullable(),
  /** The reversal that undid this entry's transfer, if any. */
  reversedById: z.uuid().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const statementQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_SIZE),
  /** csv: every entry, oldest first, as a file. */
  format: z.enum(['json', 'csv']).default('json'),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementSchema = z.object({
  account: balanceSchema.extend({ owner: ledgerOwnerSchema }),
  items: z.array(ledgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const ledgerIntegritySchema = z.object({
  ok: z.boolean(),
  /** Accounts whose balance differs from the sum of their postings. */
  driftedAccounts: z.number().int(),
  /** Currencies whose postings do not sum to zero. */
  unbalancedCurrencies: z.number().int(),
  /** No-overdraft accounts below zero. */
  overdrawnAccounts: z.number().int(),
  /** Transfers without exactly two postings that cancel out. */
  brokenTransfers: z.number().int(),
  /** Postings whose running balance is not the one before plus their amount. */
  brokenRunningBalances: z.number().int(),
  transfers: z.number().int(),
});
export type LedgerIntegrity = z.infer<typeof ledgerIntegritySchema>;

/** The signed-in member's own account page. */
export const accountPageSchema = z.object({
  profile: z.object({
    id: z.uuid(),
    username: z.string(),
    displayName: z.string(),
    language: z.string(),
    tenant: z.string(),
    roles: z.string(),
    /** Their profile photo, as everywhere else (`/api/avatars/<id>`); null without one. */
    avatarUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** The member's running or last subscription; null when they never subscribed. */
  subscription: subscriptionSchema.nullable(),
  balances: z.array(balanceSchema),
  /** The latest entries across all of the member's ledger accounts, newest first. */
  transactions: z.array(ledgerEntrySchema),
});
export type AccountPage = z.infer<typeof accountPageSchema>;
