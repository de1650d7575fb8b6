// Ledger bench: transfers per second between members with 1, 10 and 50 concurrent clients, and
// the latency of one transfer (p50, p99), on PGlite (default) or PostgreSQL (DATABASE_URL set);
// then a drift check: every balance equal to its postings, every currency summing to zero.
//
//   npx tsx bench/ledger.ts [--members 1000] [--transfers 3000] [--pool 10]   (DATABASE_URL=... for PostgreSQL)
//
// Members are seeded in SQL, each funded from the sandbox funding account through the ledger
// service. Clients call the ledger service directly (no HTTP), each transfer between two random
// members with its own idempotency key, as a payment of an order would be.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { PUBLIC_TENANT } from '@tolk/shared/roles';
import { accounts } from '../apps/server/src/db/schema/accounts';
import { tenants } from '../apps/server/src/db/schema/tenants';
import { benchApp } from './bench-app';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MEMBERS = arg('members', 1000);
/** Transfers timed at each level of concurrency. */
const TRANSFERS = arg('transfers', 3000);
/** PostgreSQL connections of the one instance measured. */
const POOL = arg('pool', 10);
const FUNDING = 10_000_000;
const CURRENCY = 'EUR';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const bench = await benchApp('tolk_ledger', { poolSize: POOL });
  const { app, database } = bench;
  const ledger = app.ledger;

  const seedStart = performance.now();
  const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, PUBLIC_TENANT));
  await database.db.execute(
    sql`insert into accounts (tenant_id, username, password_hash, display_name, language)
      select ${tenant!.id}, 'payer' || g, 'not-a-hash', 'Payer ' || g, 'en' from generate_series(1, ${MEMBERS}) as g`,
  );
  const ids = (
    await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(like(accounts.username, 'payer%'))
      .orderBy(accounts.username)
  ).map((row) => row.id);
  // Every member's ledger account, opened and funded, ten at a time.
  const members: string[] = [];
  for (let from = 0; from < ids.length; from += 10) {
    const batch = await Promise.all(
      ids.slice(from, from + 10).map(async (memberId) => {
        await ledger.transfer({
          from: { system: 'funding_sandbox' },
          to: { memberId },
          currency: CURRENCY,
          amount: FUNDING,
          kind: 'adjustment',
          reference: { type: 'manual', id: 'bench funding' },
          idempotencyKey: `bench-funding:${memberId}`,
        });
        return ledger.ledgerAccountOf({ memberId }, CURRENCY);
      }),
    );
    members.push(...batch);
  }
  await database.db.execute(sql`vacuum analyze`);
  const seeded = performance.now() - seedStart;

  /** One payment between two random members, timed. */
  async function pay(): Promise<number> {
    const from = members[Math.floor(Math.random() * members.length)]!;
    let to = members[Math.floor(Math.random() * members.length)]!;
    while (to === from) to = members[Math.floor(Math.random() * members.length)]!;
    const start = performance.now();
    await ledger.transfer({
      from: { ledgerAccountId: from },
      to: { ledgerAccountId: to },
      currency: CURRENCY,
      amount: 1 + Math.floor(Math.random() * 5000),
      kind: 'payment',
      reference: { type: 'order', id: randomUUID() },
      idempotencyKey: `bench:${randomUUID()}`,
    });
    return performance.now() - start;
  }

  /** `total` transfers by `clients` clients, each sending its next as soon as its last was answered. */
  async function run(clients: number, total: number) {
    const times: number[] = [];
    let left = total;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (left > 0) {
          left--;
          times.push(await pay());
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    times.sort((a, b) => a - b);
    return { perSecond: total / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
  }

  console.log(
    `Ledger: ${MEMBERS.toLocaleString('en')} member accounts in ${CURRENCY}, funded in ${(seeded / 1000).toFixed(1)} s on ${bench.engine}${
      bench.engine === 'PostgreSQL' ? ` (pool of ${POOL})` : ''
    }; ${TRANSFERS.toLocaleString('en')} transfers per row after a warm-up; node ${process.version}, ${os.cpus().length} CPUs`,
  );
  await run(10, 500);
  console.log('clients | transfers/s | p50 ms | p99 ms');
  for (const clients of [1, 10, 50]) {
    const { perSecond, p50, p99 } = await run(clients, TRANSFERS);
    console.log(
      `${String(clients).padStart(7)} | ${perSecond.toFixed(0).padStart(11)} | ${p50.toFixed(2).padStart(6)} | ${p99.toFixed(2).padStart(6)}`,
    );
  }

  const integrity = await ledger.integrity();
  console.log(
    `drift check over ${integrity.transfers.toLocaleString('en')} transfers: ${
      integrity.ok ? 'no drift' : 'DRIFT'
    } (balances off their postings: ${integrity.driftedAccounts}, currencies not summing to zero: ${
      integrity.unbalancedCurrencies
    }, overdrawn: ${integrity.overdrawnAccounts}, broken transfers: ${integrity.brokenTransfers}, broken running balances: ${
      integrity.brokenRunningBalances
    })`,
  );
  await bench.close();
  if (!integrity.ok) process.exitCode = 1;
}

await main();
