// The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its WebAssembly
// work (parse, plan, execute, write) leaves the server's event loop free for sockets and HTTP.
// Plain JavaScript: it runs as it is from src/ (tests, tsx) and from dist/ (the build copies it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(workerData.dir);
/** Open transactions: the queries sent for each, waited for in order. */
const transactions = new Map();

/** A value-keeping parser for each type the caller asked to keep as text (Drizzle keeps timestamps so). */
const keep = (value) => value;
const optionsOf = (options) =>
  options && {
    rowMode: options.rowMode,
    parsers: options.keepText ? Object.fromEntries(options.keepText.map((oid) => [oid, keep])) : undefined,
  };

/** What a PostgreSQL error carries that callers read (code, constraint, detail), cloneable. */
function errorOf(error) {
  const fields = {};
  for (const key of ['code', 'constraint', 'detail', 'table', 'column', 'schema', 'severity', 'hint', 'position']) {
    if (error && typeof error === 'object' && error[key] !== undefined) fields[key] = error[key];
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

const reply = (id, result) => parentPort.postMessage({ id, ...result });
const answer = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

async function run(client, message) {
  if (message.op === 'exec') return (await client.exec(message.sql)).map(answer);
  return answer(await client.query(message.sql, message.params, optionsOf(message.options)));
}

/** A transaction: begun when asked, its queries run in the order they come, ended by commit or rollback. */
function begin(id) {
  const queue = [];
  let wake;
  const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve) => (wake = resolve)));
  transactions.set(id, (message) => {
    if (wake) {
      const resolve = wake;
      wake = undefined;
      resolve(message);
    } else queue.push(message);
  });
  db.transaction(async (tx) => {
    reply(id, { begun: true });
    for (;;) {
      const message = await next();
      if (message.op === 'commit') return;
      if (message.op === 'rollback') throw Object.assign(new Error('rolled back'), { rolledBack: true });
      try {
        reply(message.id, { result: await run(tx, message) });
      } catch (error) {
        reply(message.id, { error: errorOf(error) });
      }
    }
  })
    .then(
      () => reply(id, { ended: true }),
      (error) => reply(id, error?.rolledBack ? { ended: true } : { ended: true, error: errorOf(error) }),
    )
    .finally(() => transactions.delete(id));
}

parentPort.on('message', (message) => {
  if (message.op === 'begin') return begin(message.id);
  if (message.tx !== undefined) return transactions.get(message.tx)?.(message);
  if (message.op === 'close') {
    db.close().then(
      () => reply(message.id, { result: null }),
      (error) => reply(message.id, { error: errorOf(error) }),
    );
    return;
  }
  run(db, message).then(
    (result) => reply(message.id, { result }),
    (error) => reply(message.id, { error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
