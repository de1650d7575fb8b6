// Fan-out bench CPU readings, taken by the parent from /proc, so a server too busy to answer IPC is
// still read on time: the server process, the client processes, and with PostgreSQL the backends
// serving the run's database (PGlite runs inside the server process, PostgreSQL does not).
import fs from 'node:fs';
import pg from 'pg';
import { withDatabase } from '../../apps/server/src/test/databases';
import { DB, POSTGRES_URL } from './options';

/** A process's CPU time in seconds (user + system, every thread), 0 once it is gone. In ticks of 10 ms (CLK_TCK 100). */
export function cpuSeconds(pid: number | undefined): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command's closing parenthesis start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The CPU seconds of the PostgreSQL backends connected to `database` (pg_stat_activity), or
 * undefined with PGlite. `read()` takes a reading; `since(earlier)` is the CPU the backends used
 * between two readings: a backend that started in between counts from its start, one that ended
 * in between loses what it used after the earlier reading (the pool keeps busy connections, so
 * under load that is rare; it closes idle ones after 10 s).
 */
export function databaseCpu(database: string | undefined) {
  if (DB !== 'postgres' || !database) return undefined;
  const client = new pg.Client({ connectionString: withDatabase(POSTGRES_URL, database) });
  client.on('error', () => undefined);
  const connected = client.connect();
  return {
    async read(): Promise<Map<number, number>> {
      await connected;
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
    },
    close: () => client.end(),
  };
}

/** CPU seconds between two readings of databaseCpu's. */
export function cpuBetween(earlier: Map<number, number>, later: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of later) seconds += now - (earlier.get(pid) ?? 0);
  return seconds;
}
