import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-app';
import { executePrepared, type DatabaseHandle } from './client';

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});

afterAll(async () => {
  await dispose();
});

/** Values that break naive quoting, in the types the app's prepared statements take. */
const AWKWARD = [
  "it's",
  'back\\slash \\n \\\\ and \\x41',
  "E''quoted'' $1 $$dollar$$ ; drop table muses; --",
  '"double" {braces}, [brackets]',
  'emoji 👍🏽, Arabic مرحبا, accents çãé',
  '',
];

describe('executePrepared', () => {
  const echo = (text: string | null, number: number, flag: boolean, id: string | null, list: (string | null)[]) =>
    sql`select ${text}::text as text, ${number}::int as number, ${flag}::boolean as flag, ${id}::uuid as id,
      ${sql.param(list)}::text[] as list`;

  it('returns every value as it went in, call after call of one statement', async () => {
    for (const [i, text] of AWKWARD.entries()) {
      const list = [text, null, 'plain', `${text}\\"`];
      const id = i % 2 ? null : `00000000-0000-4000-8000-00000000000${i}`;
      const [row] = await executePrepared(database.db, 'test_echo', echo(text, i - 2, i % 2 === 0, id, list));
      expect(row).toEqual({ text, number: i - 2, flag: i % 2 === 0, id, list });
    }
    const [nulls] = await executePrepared(database.db, 'test_echo', echo(null, 0, false, null, []));
    expect(nulls).toEqual({ text: null, number: 0, flag: false, id: null, list: [] });
  });

  it('writes rows whose text nobody could inject through', async () => {
    await database.db.execute(sql`create table prepared_probe (id serial primary key, body text not null)`);
    for (const body of AWKWARD) {
      await executePrepared(database.db, 'test_probe_insert', sql`insert into prepared_probe (body) values (${body})`);
    }
    const rows = await executePrepared<{ body: string }>(
      database.db,
      'test_probe_read',
      sql`select body from prepared_probe order by id`,
    );
    expect(rows.map((row) => row.body)).toEqual(AWKWARD);
  });

  it('refuses a name that already stands for another statement', async () => {
    await executePrepared(database.db, 'test_one_text', sql`select ${1}::int as n`);
    await expect(executePrepared(database.db, 'test_one_text', sql`select ${1}::int + 1 as n`)).rejects.toThrow();
  });
});
