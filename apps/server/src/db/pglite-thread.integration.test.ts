import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseErrorOf } from '../errors';
import { PgliteThread } from './pglite-thread';

// The embedded database on its own thread answers as PGlite does: results, errors with their
// PostgreSQL fields, and transactions that commit or roll back whole.
let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.create('memory://');
  await db.exec('create table notes (id int primary key, body text not null, at timestamptz default now())');
});
afterAll(() => db.close());

const bodies = async () => (await db.query('select body from notes order by id', [], { rowMode: 'array' })).rows;

it('answers rows as asked, keeping as text the types the caller names', async () => {
  await db.query('insert into notes (id, body) values ($1, $2)', [1, 'first']);
  const asObjects = await db.query('select id, body, at from notes where id = $1', [1]);
  expect(asObjects.rows).toMatchObject([{ id: 1, body: 'first' }]);
  expect((asObjects.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  // Drizzle's identity parsers for timestamptz (1184): the text as PostgreSQL wrote it.
  const asText = await db.query('select at from notes where id = $1', [1], {
    rowMode: 'array',
    parsers: { 1184: (v: unknown) => v },
  });
  expect(typeof (asText.rows[0] as unknown[])[0]).toBe('string');
});

it('raises PostgreSQL errors with their code and constraint', async () => {
  const error = await db.query('insert into notes (id, body) values (1, $1)', ['again']).catch((e: unknown) => e);
  expect(databaseErrorOf(error)).toEqual({ code: '23505', constraint: 'notes_pkey' });
});

it('commits a transaction whole, rolls one back whole when it throws, and keeps other queries out meanwhile', async () => {
  await db.transaction(async (tx) => {
    await tx.query('insert into notes (id, body) values (2, $1)', ['second']);
    await tx.query('insert into notes (id, body) values (3, $1)', ['third']);
  });
  const failed = db.transaction(async (tx) => {
    await tx.query('insert into notes (id, body) values (4, $1)', ['lost']);
    // A query from outside, sent while this transaction is open, waits for its end.
    const outside = db.query('select count(*)::int as n from notes');
    await tx.query('insert into notes (id, body) values (5, $1)', ['lost too']);
    throw Object.assign(new Error('changed my mind'), { outside });
  });
  const error = (await failed.catch((e: unknown) => e)) as Error & { outside: Promise<{ rows: { n: number }[] }> };
  expect(error.message).toBe('changed my mind');
  expect((await error.outside).rows[0]!.n).toBe(3);
  expect(await bodies()).toEqual([['first'], ['second'], ['third']]);
});

it('rolls back a transaction whose statement failed, and goes on serving', async () => {
  const error = await db
    .transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (6, $1)', ['six']);
      await tx.query('insert into notes (id, body) values (6, $1)', ['six again']);
    })
    .catch((e: unknown) => e);
  expect(databaseErrorOf(error)?.code).toBe('23505');
  expect(await bodies()).toEqual([['first'], ['second'], ['third']]);
});

it('fails requests at once once its thread has stopped, instead of leaving them waiting', async () => {
  const stopping = await PgliteThread.create('memory://');
  expect(stopping.inFlight).toBe(0);
  await stopping.close();
  await expect(stopping.query('select 1')).rejects.toThrow('the database thread has stopped');
  await expect(stopping.transaction(async (tx) => tx.query('select 1'))).rejects.toThrow(
    'the database thread has stopped',
  );
  expect(stopping.inFlight).toBe(0);
  await stopping.close(); // a second close has nothing left to do
});
