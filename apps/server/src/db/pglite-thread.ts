import { Worker } from 'node:worker_threads';
import { types, type PGlite } from '@electric-sql/pglite';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
interface Answer {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface Reply {
  id: number;
  ready?: boolean;
  begun?: boolean;
  ended?: boolean;
  result?: unknown;
  error?: { message: string; fields: Record<string, unknown> };
}

/** The error as PGlite raised it in the worker: its PostgreSQL fields (code, constraint) kept for the callers that read them. */
const errorFrom = (error: NonNullable<Reply['error']>) => Object.assign(new Error(error.message), error.fields);

/** What Drizzle and our prepared statements use of a PGlite client, inside or outside a transaction. */
export interface PgliteClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Answer>;
  exec(sql: string): Promise<Answer[]>;
  serializers: PGlite['serializers'];
}

/**
 * PGlite on its own thread (pglite-worker.mjs), behind the part of PGlite's API that Drizzle and
 * our prepared statements call. The embedded database then costs the server's event loop a
 * message each way per query instead of the query's WebAssembly work: under a burst of muses,
 * sockets and HTTP keep the main thread while the database works beside it (bench/fanout.ts).
 *
 * Parsers: Drizzle asks to keep timestamps, dates and intervals as text (identity parsers); the
 * worker keeps as text exactly the types a caller names, which is all any caller here asks.
 */
export class PgliteThread implements PgliteClient {
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void }>();
  private next = 0;
  /** Why the thread no longer answers, once it has stopped. */
  private stopped: string | undefined;
  /** PGlite's own serializers, with those of array types as PGlite adds them when it opens. */
  readonly serializers: PGlite['serializers'] = { ...(types.serializers as PGlite['serializers']) };

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      // A transaction's id answers twice (begun, then ended): each answer is awaited in turn.
      this.waiting.delete(reply.id);
      waiter.resolve(reply);
    });
    worker.on('error', (error) => {
      this.failWaiting(String(error));
    });
    // Stopped (closed, or crashed): nothing waits for an answer that cannot come, and later
    // requests fail at once (a health check says the database is down instead of hanging).
    worker.on('exit', (code) => {
      this.stopped = `the database thread has stopped (exit code ${code})`;
      this.failWaiting(this.stopped);
    });
  }

  private failWaiting(message: string) {
    for (const waiter of this.waiting.values()) waiter.resolve({ id: -1, error: { message, fields: {} } });
    this.waiting.clear();
  }

  /** Sends a message whose answer comes as `id`, or answers at once with the reason the thread stopped. */
  private post(id: number, message: Record<string, unknown>, resolve: (reply: Reply) => void) {
    if (this.stopped !== undefined) {
      resolve({ id, error: { message: this.stopped, fields: {} } });
      return;
    }
    this.waiting.set(id, { resolve });
    this.worker.postMessage(message);
  }

  static async create(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => {
        resolve();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        reject(new Error(`the database thread stopped (${code}) before it was ready`));
      });
    });
    const thread = new PgliteThread(worker);
    await thread.addArraySerializers();
    return thread;
  }

  /** As PGlite does when it opens: a serializer for each array type, from its element's (prepared statements write literals with them). */
  private async addArraySerializers() {
    const { rows } = await this.query(
      `select b.oid, b.typarray from pg_catalog.pg_type a
       left join pg_catalog.pg_type b on b.oid = a.typelem
       where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
    );
    const serializers = this.serializers as Record<number, (value: unknown) => string>;
    const arraySerializer = types.arraySerializer as (value: unknown, serialize: unknown, typarray: number) => string;
    for (const { oid, typarray } of rows as { oid: number; typarray: number }[]) {
      serializers[typarray] = (value) => arraySerializer(value, serializers[oid], typarray);
    }
  }

  /** Requests sent to the thread and not answered yet. */
  get inFlight(): number {
    return this.waiting.size;
  }

  private send(message: Record<string, unknown>, id = this.next++): Promise<Reply> {
    return new Promise((resolve) => {
      this.post(id, { ...message, id }, resolve);
    });
  }

  private async call<T>(message: Record<string, unknown>): Promise<T> {
    const reply = await this.send(message);
    if (reply.error) throw errorFrom(reply.error);
    return reply.result as T;
  }

  private static wire(options: QueryOptions | undefined) {
    return (
      options && {
        rowMode: options.rowMode,
        keepText: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      }
    );
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions) {
    return this.call<Answer>({
      op: 'query',
      sql,
      params,
      options: PgliteThread.wire(options),
    });
  }

  exec(sql: string) {
    return this.call<Answer[]>({ op: 'exec', sql });
  }

  /** A transaction on the database's one connection: committed when `callback` returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteClient) => Promise<T>): Promise<T> {
    const id = this.next++;
    const begun = await this.send({ op: 'begin' }, id);
    if (begun.error) throw errorFrom(begun.error);
    const inside = (message: Record<string, unknown>) => this.call<never>({ ...message, tx: id });
    const tx: PgliteClient = {
      query: (sql, params = [], options) => inside({ op: 'query', sql, params, options: PgliteThread.wire(options) }),
      exec: (sql) => inside({ op: 'exec', sql }),
      serializers: this.serializers,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.end(id, 'rollback');
      throw error;
    }
    const ended = await this.end(id, 'commit');
    if (ended.error) throw errorFrom(ended.error);
    return result;
  }

  private end(id: number, op: 'commit' | 'rollback'): Promise<Reply> {
    return new Promise((resolve) => {
      this.post(id, { op, tx: id }, resolve);
    });
  }

  async close(): Promise<void> {
    if (this.stopped !== undefined) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
