import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferResult } from '@tolk/shared/schemas/ledger';
import { executePrepared } from '../../db/client';
import { AppError } from '../../errors';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount } from '../../test/factories';
import type { LedgerParty } from './ledger.service';

/**
 * Random sequences of transfers, retried idempotency keys and reversals, all in flight at once
 * (on PostgreSQL through the pool's connections; on PGlite through its one connection, still
 * interleaved by Promise.all), and afterwards the ledger's invariants, the answers each call got,
 * and the balances those answers add up to.
 */

const MEMBERS = 4;
const CURRENCIES = ['EUR', 'JPY'] as const;
type Currency = (typeof CURRENCIES)[number];

let t: TestApp;
/** Members first (no overdraft), then the sandbox funding (may run negative) and the fees (no overdraft). */
let parties: LedgerParty[];

beforeAll(async () => {
  t = await testApp();
  const members = await Promise.all(Array.from({ length: MEMBERS }, () => newAccount(t.app)));
  parties = [
    ...members.map((member) => ({ memberId: member.userId })),
    { system: 'funding_sandbox' as const },
    { system: 'platform_fees' as const },
  ];
});
afterAll(() => t.close());

interface TransferCommand {
  from: number;
  to: number;
  currency: Currency;
  amount: number;
  /** Commands sharing a slot share an idempotency key: the same movement is a retry, another one a misuse. */
  keySlot: number;
  /** Sent this many times at once, as a client retrying a request whose answer it did not see. */
  copies: number;
}

const transferCommand = fc
  .record({
    from: fc.integer({ min: 0, max: MEMBERS + 1 }),
    to: fc.integer({ min: 0, max: MEMBERS + 1 }),
    currency: fc.constantFrom(...CURRENCIES),
    // Funding moves more than members do, so members both run dry and have money to spend.
    amount: fc.integer({ min: 1, max: 3000 }),
    keySlot: fc.integer({ min: 0, max: 40 }),
    copies: fc.integer({ min: 1, max: 3 }),
  })
  .filter((command) => command.from !== command.to);
const reverseCommand = fc.record({
  target: fc.nat(),
  keySlot: fc.integer({ min: 0, max: 12 }),
  copies: fc.integer({ min: 1, max: 2 }),
});

type Outcome =
  | { ok: true; key: string; result: TransferResult }
  | { ok: false; key: string; code: 'insufficient_funds' | 'conflict' };

/** The call's answer, or the refusal a client may get; anything else fails the property. */
async function outcomeOf(key: string, call: () => Promise<TransferResult>): Promise<Outcome> {
  try {
    return { ok: true, key, result: await call() };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'insufficient_funds' || error.code === 'conflict')) {
      return { ok: false, key, code: error.code };
    }
    throw error;
  }
}

/** Every party's balance per currency, 0 where it has no ledger account yet. */
async function balancesOf(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [index, party] of parties.entries()) {
    for (const currency of CURRENCIES) {
      out.set(`${index}:${currency}`, await t.app.ledger.balance(party, currency));
    }
  }
  return out;
}

describe('the ledger under concurrent random transfers, retries and reversals', () => {
  it('keeps every invariant and answers each call as the ledger recorded it', { timeout: 120_000 }, async () => {
    // Funding first, so members hold money to move and to lose.
    await Promise.all(
      parties.slice(0, MEMBERS).flatMap((party) =>
        CURRENCIES.map((currency) =>
          t.app.ledger.transfer({
            from: { system: 'funding_sandbox' },
            to: party,
            currency,
            amount: 5000,
            kind: 'adjustment',
            reference: { type: 'manual', id: 'seed' },
            idempotencyKey: `seed:${randomUUID()}`,
          }),
        ),
      ),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.array(transferCommand, { minLength: 5, maxLength: 30 }),
        fc.array(reverseCommand, { maxLength: 10 }),
        fc.array(transferCommand, { maxLength: 15 }),
        async (first, reversals, alongside) => {
          const run = randomUUID();
          const transferKey = (slot: number) => `prop:${run}:t${slot}`;
          const before = await balancesOf();

          const transfer = (command: TransferCommand) => {
            const key = transferKey(command.keySlot);
            return Array.from({ length: command.copies }, () =>
              outcomeOf(key, () =>
                t.app.ledger.transfer({
                  from: parties[command.from]!,
                  to: parties[command.to]!,
                  currency: command.currency,
                  amount: command.amount,
                  kind: command.from >= MEMBERS || command.to >= MEMBERS ? 'adjustment' : 'payment',
                  reference: { type: 'order', id: `order-${command.keySlot}` },
                  idempotencyKey: key,
                }),
              ),
            );
          };

          const phaseOne = await Promise.all(first.flatMap(transfer));
          const posted = phaseOne.flatMap((outcome) =>
            outcome.ok && !outcome.result.replayed ? [outcome.result] : [],
          );
          const phaseTwo = await Promise.all([
            ...reversals.flatMap((command) => {
              if (!posted.length) return [];
              const target = posted[command.target % posted.length]!.transfer.id;
              const key = `prop:${run}:r${command.keySlot}`;
              return Array.from({ length: command.copies }, () =>
                outcomeOf(key, () => t.app.ledger.reverse({ transferId: target, idempotencyKey: key })),
              );
            }),
            ...alongside.flatMap(transfer),
          ]);
          const outcomes = [...phaseOne, ...phaseTwo];

          // The invariants over the whole ledger.
          const integrity = await t.app.ledger.integrity();
          expect(integrity).toMatchObject({
            ok: true,
            driftedAccounts: 0,
            unbalancedCurrencies: 0,
            overdrawnAccounts: 0,
            brokenTransfers: 0,
            brokenRunningBalances: 0,
          });

          // One transfer per key: every answer under a key names it, and exactly one answer posted it.
          const byKey = new Map<string, TransferResult[]>();
          for (const outcome of outcomes) {
            if (outcome.ok) byKey.set(outcome.key, [...(byKey.get(outcome.key) ?? []), outcome.result]);
          }
          for (const [key, results] of byKey) {
            expect(new Set(results.map((result) => result.transfer.id)).size, key).toBe(1);
            expect(
              results.filter((result) => !result.replayed),
              key,
            ).toHaveLength(1);
            const stored = await t.app.ledger.transferByKey(key);
            expect(stored?.id, key).toBe(results[0]!.transfer.id);
            // A replay answers with the first transfer as it was stored, not the request's copy.
            for (const result of results) expect(result.transfer).toEqual(stored);
          }
          // In the table itself: as many transfers as keys answered, none twice under one key.
          const counts = await executePrepared<{ transfers: number; keys: number }>(
            t.app.db,
            'prop_transfers_of_run',
            sql`select count(*)::int as transfers, count(distinct idempotency_key)::int as keys
              from ledger_transfers where idempotency_key like ${`prop:${run}:%`}`,
          );
          expect(counts).toEqual([{ transfers: byKey.size, keys: byKey.size }]);

          // The balances are what the answers say moved: every posted transfer, nothing refused.
          const expected = new Map(before);
          for (const { transfer: moved } of [...byKey.values()].map((results) => results[0]!)) {
            for (const [index, party] of parties.entries()) {
              const id = await t.app.ledger.ledgerAccountOf(party, moved.currency);
              const slot = `${index}:${moved.currency}`;
              if (id === moved.debitAccountId) expected.set(slot, expected.get(slot)! - moved.amount);
              if (id === moved.creditAccountId) expected.set(slot, expected.get(slot)! + moved.amount);
            }
          }
          expect(await balancesOf()).toEqual(expected);
          for (const [slot, balance] of expected) {
            if (!slot.startsWith(`${MEMBERS}:`)) expect(balance, slot).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
