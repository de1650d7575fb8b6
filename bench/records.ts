// Records bench: people, places and things of many members, and how fast one member lists and
// searches their own: the first page in each order, a later page through the cursor, and a
// search, p50 and p95, on PGlite (default) or PostgreSQL (DATABASE_URL set).
//
//   npx tsx bench/records.ts [--members 1000] [--per-member 10000] [--runs 20]
//
// Each member keeps --per-member records: 40 % people, 30 % places, 30 % things, with names and
// notes drawn from a few hundred words, created over the last two years. Twenty members are
// registered through the API (they are the ones measured); the rest are seeded in SQL.
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import { benchApp } from './bench-app';
import { tenants } from '../apps/server/src/db/schema/tenants';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MEMBERS = arg('members', 1000);
const PER_MEMBER = arg('per-member', 10_000);
const RUNS = arg('runs', 20);
const MEASURED = Math.min(20, MEMBERS);

const WORDS = (
  'anna bruno carla diego elena farid greta hugo ines jonas kira luca maria nils olga pablo quinn rosa sven tara ' +
  'umar vera wim xenia yusuf zoe market harbour station garden museum bakery ferry bridge castle river beach ' +
  'mountain village square temple library cafe hostel tower island forest valley lake old new little big blue ' +
  'green red quiet busy sunny rainy morning evening night spring summer autumn winter walk lesson meal guide ' +
  'book bike tour class dinner breakfast map camera guitar boat trip'
).split(' ');

async function main() {
  const bench = await benchApp('tolk_records');
  const { app, database } = bench;

  const measured: { headers: { authorization: string } }[] = [];
  for (let i = 0; i < MEASURED; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `keeper${i}`, password: 'Bench-password-1', language: 'en' },
    });
    measured.push({ headers: { authorization: `Bearer ${res.json<LoginResponse>().token}` } });
  }

  const seedStart = performance.now();
  const words = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;
  const word = (salt: string) => `(${words})[1 + (abs(hashtext(g::text || ${salt})) % ${WORDS.length})]`;
  const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'public'));
  const tenantId = tenant!.id;
  await database.db.execute(
    sql.raw(`insert into accounts (tenant_id, username, password_hash, display_name, language)
      select '${tenantId}', 'k' || g, 'not-a-hash', 'Keeper ' || g, 'en' from generate_series(1, ${MEMBERS - MEASURED}) as g`),
  );
  const persons = Math.round(PER_MEMBER * 0.4);
  const places = Math.round(PER_MEMBER * 0.3);
  const things = PER_MEMBER - persons - places;
  const created = `now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'`;
  const owners = `(select id as owner_id, row_number() over (order by id) as n from accounts where tenant_id = '${tenantId}') as o`;
  // One member at a time would be a thousand statements: a few hundred members per statement.
  const batch = Math.max(1, Math.floor(2_000_000 / PER_MEMBER));
  for (let from = 1; from <= MEMBERS; from += batch) {
    const slice = (count: number) =>
      `${owners}, generate_series(1, ${count}) as g where o.n between ${from} and ${from + batch - 1}`;
    await database.db.execute(
      sql.raw(`insert into persons (tenant_id, owner_id, name, note, met_where, created_at, updated_at)
        select '${tenantId}', o.owner_id, initcap(${word("'a'")}) || ' ' || initcap(${word("'b'")}),
               'met at the ' || ${word("'c'")} || ' ' || ${word("'d'")}, ${word("'e'")}, ${created}, ${created}
        from ${slice(persons)}`),
    );
    await database.db.execute(
      sql.raw(`insert into places (tenant_id, owner_id, name, kind, address, note, created_at, updated_at)
        select '${tenantId}', o.owner_id, initcap(${word("'f'")}) || ' ' || ${word("'g'")},
               (array['city','stay','food','sight','other'])[1 + g % 5], g || ' ' || ${word("'h'")} || ' street',
               ${word("'i'")} || ' ' || ${word("'j'")}, ${created}, ${created}
        from ${slice(places)}`),
    );
    await database.db.execute(
      sql.raw(`insert into things (tenant_id, owner_id, name, description, description_language, price_minor, currency, created_at, updated_at)
        select '${tenantId}', o.owner_id, initcap(${word("'k'")}) || ' ' || ${word("'l'")},
               'a ' || ${word("'m'")} || ' ' || ${word("'n'")}, 'en', (g % 200) * 100, 'EUR', ${created}, ${created}
        from ${slice(things)}`),
    );
  }
  await database.db.execute(sql`vacuum analyze`);
  // Write the bulk load's pages out now, not while the requests are timed.
  await database.db.execute(sql`checkpoint`);
  const seeded = performance.now() - seedStart;

  const sets: [string, (kind: string) => string][] = [
    ['first page, newest', (kind) => `/api/${kind}`],
    ['first page, by name', (kind) => `/api/${kind}?sort=name`],
    ['first page, last changed', (kind) => `/api/${kind}?sort=updated`],
    ['search "harbour"', (kind) => `/api/${kind}?q=harbour`],
    ['search "zz" (no match)', (kind) => `/api/${kind}?q=zz`],
  ];
  console.log(
    `Records: ${MEMBERS.toLocaleString('en')} members x ${PER_MEMBER.toLocaleString('en')} records (${(MEMBERS * PER_MEMBER).toLocaleString('en')} in all) seeded in ${(seeded / 1000).toFixed(1)} s on ${bench.engine}; ${RUNS} runs per row after 3 warm-up runs; node ${process.version}, ${os.cpus().length} CPUs`,
  );
  console.log('kind     | request                      |  p50 ms |  p95 ms');
  for (const kind of ['persons', 'places', 'things']) {
    for (const [label, urlOf] of [
      ...sets,
      ['page 5 by cursor, newest', (k: string) => `/api/${k}`] as [string, (kind: string) => string],
    ]) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + 3; run++) {
        const who = measured[run % measured.length]!;
        let target = urlOf(kind);
        if (label.startsWith('page 5')) {
          // Four pages first (not timed): the cursor of the fifth.
          for (let page = 0; page < 4; page++) {
            const res = await app.inject({ method: 'GET', url: target, headers: who.headers });
            target = `/api/${kind}?cursor=${res.json<{ nextCursor: string }>().nextCursor}`;
          }
        }
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url: target, headers: who.headers });
        const took = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body}`);
        if (run >= 3) times.push(took);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
      console.log(
        `${kind.padEnd(9)}| ${label.padEnd(29)}| ${at(50).toFixed(1).padStart(7)} | ${at(95).toFixed(1).padStart(7)}`,
      );
    }
  }

  await bench.close();
}

await main();
