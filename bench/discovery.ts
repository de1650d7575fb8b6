// Discovery bench: the first page of /api/connect/people over 100,000 members, p50 and p95 for
// five typical filter sets, on PGlite (default) or PostgreSQL (DATABASE_URL set), with the plan.
//
//   npx tsx bench/discovery.ts [--members 100000] [--runs 40] [--keep]   (DATABASE_URL=... for PostgreSQL)
//
// Members are seeded in SQL with realistic spreads: two to three languages spoken (a skewed mix
// of the 12 most used, English most of all), one or two learnt, three to six interests, a home
// in one of the 2,000 largest cities (weighted by population), birth years 1955-2008, activity
// within the last 90 days (a tenth never seen), 5 % hidden and 10 % connections-only, and a
// fifth with an upcoming trip. Bios are empty so the figures are the query's, not the engine's;
// the bio figures at the end measure them apart: engine texts per bio, cold and read again.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { DiscoveryPage } from '@tolk/shared/schemas/connect';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import { INTERESTS } from '@tolk/shared/interests';
import type { openDatabase } from '../apps/server/src/db/client';
import { benchApp } from './bench-app';
import { loadCities, searchCities } from '../apps/server/src/modules/cities/cities';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MEMBERS = arg('members', 100_000);
const RUNS = arg('runs', 40);

const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'zh', 'ko', 'ru', 'ar', 'nb'];
// English is spoken and learnt most; the rest fall off.
const WEIGHTS = [30, 14, 10, 8, 8, 6, 5, 5, 4, 4, 4, 2];

async function main() {
  const bench = await benchApp('tolk_discovery');
  const { app, database } = bench;
  loadCities();

  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: 'viewer', password: 'Bench-password-1', language: 'es' },
  });
  const viewer = register.json<LoginResponse>();
  const headers = { authorization: `Bearer ${viewer.token}` };
  const madrid = searchCities('madrid', 1)[0]!;
  const lisbon = searchCities('lisbon', 1)[0]!;
  await app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers,
    payload: {
      languagesSpoken: [{ code: 'es', level: 'native' }],
      languagesLearning: ['en', 'pt'],
      interests: ['hiking', 'music', 'food'],
      homeCityId: madrid.id,
    },
  });

  const seedStart = performance.now();
  const cities = topCities(2000);
  await seed(database.db, viewer.tenant, cities);
  const seeded = performance.now() - seedStart;
  // The seed inserts profiles and then updates them: vacuum as autovacuum would after a bulk load,
  // and write its pages out now, not while the requests are timed (a server is not measured in
  // the minute after 100,000 people join at once).
  await database.db.execute(sql`vacuum analyze`);
  await database.db.execute(sql`checkpoint`);
  if (process.argv.includes('--sample')) {
    const sample = await database.db.execute(
      sql`select languages_spoken, languages_learning, interests, home_city_id, birth_year, visibility from profiles order by random() limit 3`,
    );
    console.log(JSON.stringify((sample as { rows: unknown[] }).rows));
  }

  const today = new Date();
  const inDays = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const sets: [string, string][] = [
    ['no filter (ranking only)', ''],
    ['speaks en', '?speaks=en'],
    ['learns es, interest hiking', '?learns=es&interest=hiking'],
    ['within 50 km of home, age 25-40', '?withinKm=50&ageMin=25&ageMax=40'],
    [`travelling to Lisbon next month`, `?travellingTo=${lisbon.id}&from=${inDays(0)}&until=${inDays(30)}`],
  ];
  console.log(
    `Discovery: ${MEMBERS.toLocaleString('en')} members seeded in ${(seeded / 1000).toFixed(1)} s on ${bench.engine}; ${RUNS} runs per filter set after 3 warm-up runs; node ${process.version}, ${os.cpus().length} CPUs`,
  );
  console.log('filter set                              |  p50 ms |  p95 ms | people on page');
  for (const [label, query] of sets) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS + 3; run += 1) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/connect/people${query}`, headers });
      const took = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      count = res.json<DiscoveryPage>().people.length;
      if (run >= 3) times.push(took);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    console.log(`${label.padEnd(40)}| ${at(50).toFixed(1).padStart(7)} | ${at(95).toFixed(1).padStart(7)} | ${count}`);
  }

  // References (issue 33): three shown ones per member on average and 500 about one member; then
  // the first page again (its cards count them) and that member's references, a page at a time.
  const refsStart = performance.now();
  const popular = await seedReferences(database.db);
  await database.db.execute(sql`vacuum analyze member_references`);
  const refsSeeded = performance.now() - refsStart;
  const timed = async (url: string) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (run >= 3) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms`;
  };
  console.log(
    `references: ${(MEMBERS * 3).toLocaleString('en')} + 500 seeded in ${(refsSeeded / 1000).toFixed(1)} s; first page with counts ${await timed('/api/connect/people')}; 20 of 500 references about one member ${await timed(`/api/references?subjectId=${popular}`)}; person screen ${await timed(`/api/connect/people/${popular}`)}`,
  );

  // Bios: every member gets an English bio; the viewer reads Spanish. The first page read cold
  // sends each distinct bio to the engine once; read again, none (the translation memory).
  const bios = [
    'I love long walks by the sea and good coffee.',
    'I teach history and play the guitar on weekends.',
    'Looking for friends to practise languages with.',
    'I cook for my family and grow tomatoes in my garden.',
    'I travel every summer and want to see the mountains.',
    'I work in a small bookshop near the old market.',
    'My dog and I run in the park every morning.',
    'I paint pictures of the city at night.',
  ];
  await database.db.execute(
    sql.raw(
      `update profiles set bio_language = 'en', bio = (array[${bios.map((bio) => `'${bio}'`).join(',')}])[1 + (abs(hashtext(account_id::text)) % ${bios.length})]`,
    ),
  );
  const engineTexts = async () => {
    const status = await app.translation.status();
    return status.engines.reduce((sum, engine) => sum + engine.texts, 0);
  };
  const bioRuns: { ms: number; sent: number; bios: number; translated: number }[] = [];
  for (let run = 0; run < 2; run += 1) {
    const before = await engineTexts();
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/connect/people', headers });
    const ms = performance.now() - start;
    const people = res.json<DiscoveryPage>().people;
    bioRuns.push({
      ms,
      sent: (await engineTexts()) - before,
      bios: people.filter((person) => person.bio).length,
      translated: people.filter((person) => person.bio?.state === 'ready').length,
    });
  }
  const [cold, warm] = bioRuns as [(typeof bioRuns)[0], (typeof bioRuns)[0]];
  const distinctOnPage = new Set(bios).size;
  console.log(
    `bios (English, read in Spanish): first read ${cold.ms.toFixed(1)} ms, ${cold.sent} texts sent to the engine for ${cold.bios} bios on the page (${cold.translated} translated; at most ${distinctOnPage} distinct); read again ${warm.ms.toFixed(1)} ms, ${warm.sent} sent`,
  );

  // --keep (PostgreSQL): leave the database for EXPLAIN ANALYZE by hand.
  await bench.close(process.argv.includes('--keep'));
}

/** The largest cities, as (id, lat, lon, weight) rows for SQL. */
function topCities(count: number) {
  // searchCities needs text: gather by common prefixes, then keep the most populous distinct ones.
  const seen = new Map<number, { id: number; lat: number; lon: number; population: number }>();
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
    for (const city of searchCities(letter, 400)) seen.set(city.id, city);
  }
  return [...seen.values()].sort((a, b) => b.population - a.population).slice(0, count);
}

async function seed(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  tenantSlug: string,
  cities: { id: number; lat: number; lon: number; population: number }[],
) {
  const cityValues = cities
    .map((city) => `(${city.id}, ${city.lat}, ${city.lon}, ${Math.sqrt(city.population)})`)
    .join(',');
  const languageValues = LANGUAGES.map((code, index) => `('${code}', ${WEIGHTS[index]})`).join(',');
  const interests = `array[${INTERESTS.map((tag) => `'${tag}'`).join(',')}]`;
  await db.execute(
    sql.raw(`create temporary table bench_cities as
      select id, lat, lon, sum(w) over (order by w desc, id)::float8 / sum(w) over () as upto
      from (values ${cityValues}) as c(id, lat, lon, w)`),
  );
  await db.execute(
    sql.raw(`create temporary table bench_languages as
      select code, sum(w) over (order by w desc, code)::float8 / sum(w) over () as upto
      from (values ${languageValues}) as l(code, w)`),
  );
  await db.execute(sql.raw('create index on bench_cities (upto)'));
  await db.execute(sql.raw('create index on bench_languages (upto)'));
  const batch = 20_000;
  for (let from = 0; from < MEMBERS; from += batch) {
    const to = Math.min(MEMBERS, from + batch);
    await db.execute(
      sql.raw(`
      with tenant as (select id from tenants where slug = '${tenantSlug}'),
      made as (
        insert into accounts (tenant_id, username, password_hash, display_name, language)
        select tenant.id, 'm' || g, 'not-a-hash', 'Member ' || g, 'en'
        from generate_series(${from}, ${to - 1}) as g, tenant
        returning id
      )
      insert into profiles (account_id, languages_spoken, languages_learning, interests, home_city_id, home_lat, home_lon,
                            birth_year, visibility, last_active_at)
      select made.id, spoken.list, learning.list, likes.list, city.id, city.lat, city.lon,
             1955 + (random() * 53)::int,
             case when r.v < 0.05 then 'hidden' when r.v < 0.15 then 'connections' else 'everyone' end,
             case when random() < 0.1 then null else now() - random() * interval '90 days' end
      from made
      cross join lateral (select random() as v, random() as c, random() as s1, random() as s2, random() as s3,
                                 random() as l1, random() as l2, random() as k, made.id as tie) as r
      cross join lateral (select * from bench_cities where upto >= r.c order by upto limit 1) as city
      cross join lateral (
        select coalesce(jsonb_agg(distinct jsonb_build_object('code', code, 'level', case when n = 1 then 'native' else 'fluent' end)), '[]') as list
        from (select (select code from bench_languages where upto >= x order by upto limit 1) as code, n
              from unnest(array[r.s1, r.s2, r.s3]) with ordinality as p(x, n) where n <= 2 or r.k < 0.3) as picks
      ) as spoken
      cross join lateral (
        select coalesce(jsonb_agg(distinct code), '[]') as list
        from (select (select code from bench_languages where upto >= x order by upto limit 1) as code
              from unnest(array[r.l1, r.l2]) with ordinality as p(x, n) where n = 1 or r.k > 0.5) as picks
      ) as learning
      cross join lateral (
        select coalesce(jsonb_agg(distinct tag), '[]') as list
        from (select (${interests})[1 + floor(random() * ${INTERESTS.length})::int] as tag, r.tie
              from generate_series(1, 3 + floor(r.k * 4)::int)) as picks
      ) as likes
      on conflict (account_id) do update set languages_spoken = excluded.languages_spoken,
        languages_learning = excluded.languages_learning, interests = excluded.interests,
        home_city_id = excluded.home_city_id, home_lat = excluded.home_lat, home_lon = excluded.home_lon,
        birth_year = excluded.birth_year, visibility = excluded.visibility, last_active_at = excluded.last_active_at;
    `),
    );
  }
  await db.execute(
    sql.raw(`
    update profiles set
      spoken_codes = array(select e->>'code' from jsonb_array_elements(languages_spoken) as e),
      learning_codes = array(select jsonb_array_elements_text(languages_learning))
    where spoken_codes = '{}' and learning_codes = '{}';
  `),
  );
  await db.execute(
    sql.raw(`
    insert into trips (tenant_id, owner_id, city_id, lat, lon, arrival, departure)
    select a.tenant_id, a.id, city.id, city.lat, city.lon, current_date + d, current_date + d + 3 + (random() * 10)::int
    from accounts a
    cross join lateral (select (random() * 120)::int as d, random() as c, a.id as tie) as r
    cross join lateral (select * from bench_cities where upto >= r.c order by upto limit 1) as city
    where a.username like 'm%' and random() < 0.2;
  `),
  );
}

/** Shown references between seeded members (written 20 days ago: past the hidden days), 500 about one; its id. */
async function seedReferences(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string> {
  await db.execute(
    sql.raw(`
    with members as (select id, tenant_id, row_number() over (order by id) as n, count(*) over () as total
                     from accounts where username like 'm%')
    insert into member_references (tenant_id, author_id, subject_id, kind, about, opinion, text, language, writable_from, created_at)
    select a.tenant_id, a.id, b.id, 'meeting', 'connection:' || gen_random_uuid(),
      (array['positive','positive','positive','neutral','negative'])[1 + (k + a.n::int) % 5],
      'We met for coffee and walked around the old town for hours.', 'en',
      now() - interval '20 days', now() - interval '20 days' + k * interval '1 minute'
    from members a cross join generate_series(1, 3) as k
    join members b on b.n = 1 + (a.n + k * 7919) % a.total
    where a.id <> b.id;
  `),
  );
  const rows = (await db.execute(
    sql.raw(
      `select a.id from accounts a join profiles p on p.account_id = a.id where a.username like 'm%' and p.visibility = 'everyone' order by a.id limit 1`,
    ),
  )) as {
    rows: { id: string }[];
  };
  const popular = rows.rows[0]!.id;
  await db.execute(
    sql.raw(`
    insert into member_references (tenant_id, author_id, subject_id, kind, about, opinion, text, language, writable_from, created_at)
    select a.tenant_id, a.id, '${popular}', 'meeting', 'connection:' || gen_random_uuid(), 'positive',
      'A wonderful host who showed us the whole city.', 'en', now() - interval '20 days', now() - interval '20 days'
    from accounts a where a.username like 'm%' and a.id <> '${popular}' order by a.id limit 500;
  `),
  );
  return popular;
}

await main();
