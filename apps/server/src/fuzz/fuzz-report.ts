import type { FastifyServerOptions } from 'fastify';
import { shorten } from './bad-values';

/** An error the server logged (level error or worse): what went wrong, where in our code. */
export interface LoggedError {
  /** The root cause's message: for a failed query, the database's own words. */
  cause: string;
  /** For a failed query, its statement's head (`insert into "accounts"`). */
  query: string | undefined;
  /** The first frame of the stack in the app's own sources (outside the database client). */
  at: string | undefined;
}

interface PinoLine {
  level?: number;
  msg?: string;
  err?: { message?: string; stack?: string; code?: string; query?: string };
}

/** `insert into "accounts"`, `update "places"`, `select … from "accounts"`, `execute muses_append`. */
function statementHead(query: string | undefined): string | undefined {
  if (!query) return undefined;
  const text = query.replace(/\s+/g, ' ').trim();
  // A write anywhere (in a CTE too) names the table that refused; a read, the table it read first.
  const write = /\b(insert into|update|delete from) ("?[\w.]+"?)/i.exec(text);
  if (write) return `${write[1]!.toLowerCase()} ${write[2]!}`;
  const read = /^select .*? from ("?[\w.]+"?)/i.exec(text);
  if (read) return `select … from ${read[1]!}`;
  return text.startsWith('execute ') ? text.split('(')[0] : text.slice(0, 40);
}

function parse(line: PinoLine): LoggedError {
  const stack = line.err?.stack ?? '';
  const [own = '', ...causes] = stack.split(/\ncaused by: /);
  const root = causes
    .at(-1)
    ?.split('\n')[0]
    ?.replace(/^\w*error:\s*/i, '');
  const at = own
    .split('\n')
    .find((frame) => /apps\/server\/src\//.test(frame) && !/\/(fuzz|db)\//.test(frame))
    ?.trim()
    .replace(/^at\s+/, '')
    .replace(/\(?\S*\/apps\/server\/src\//, '(');
  const query = line.err?.query ?? /Failed query: (.*)/.exec(line.err?.message ?? '')?.[1];
  return {
    cause: root ?? line.err?.message ?? line.msg ?? 'unknown',
    query: statementHead(query),
    at,
  };
}

/**
 * A logger for the fuzzed app that keeps what it logs at error level, so each 5xx is reported
 * with the server's own account of it (TEST_LOG=1 prints it as it comes as well).
 */
export function errorLog(): { logger: FastifyServerOptions['logger']; take(): LoggedError[] } {
  let kept: LoggedError[] = [];
  const stream = {
    write(line: string) {
      if (process.env.TEST_LOG) process.stderr.write(line);
      try {
        const parsed = JSON.parse(line) as PinoLine;
        if ((parsed.level ?? 0) >= 50) kept.push(parse(parsed));
      } catch {
        // Not a log line of ours.
      }
    },
  };
  return {
    logger: { level: 'error', stream },
    take() {
      const taken = kept;
      kept = [];
      return taken;
    },
  };
}

/** One answer the fuzz got, or the failure to get one. */
export interface Outcome {
  target: string;
  role: string;
  status: number;
  note: string;
  input: string;
  body: string;
  errors: LoggedError[];
}

/** A server error message without the values in it, so one cause is one group. */
const causeOf = (text: string) =>
  text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/gi, '<uuid>')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 200);

/** The counts of a run: answers by status, 4xx by code, and the server errors grouped by cause. */
export class FuzzReport {
  /** The answers with a 5xx status. */
  readonly failures: Outcome[] = [];
  readonly byStatus = new Map<number, number>();
  readonly byTarget = new Map<string, Map<number, number>>();
  sent = 0;

  add(outcome: Outcome) {
    this.sent++;
    this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
    const target = this.byTarget.get(outcome.target) ?? new Map<number, number>();
    target.set(outcome.status, (target.get(outcome.status) ?? 0) + 1);
    this.byTarget.set(outcome.target, target);
    if (outcome.status >= 500) this.failures.push(outcome);
  }

  count(predicate: (status: number) => boolean): number {
    let total = 0;
    for (const [status, n] of this.byStatus) if (predicate(status)) total += n;
    return total;
  }

  /** Counts by status: `400×1234 401×56 ...`, for the whole run or one target. */
  statusLine(counts: Map<number, number> = this.byStatus): string {
    return [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  }

  /** One line per target with its counts by status (FUZZ_VERBOSE=1 prints them). */
  targetLines(): string[] {
    return [...this.byTarget.entries()].map(([target, counts]) => `${target}: ${this.statusLine(counts)}`);
  }

  /**
   * The 5xx grouped by cause (the database's or the error's message, values taken out), each
   * with the operations it came from: how often, where in our code, and one input that did it.
   */
  groups(): string[] {
    const causes = new Map<string, Map<string, Outcome[]>>();
    for (const outcome of this.failures) {
      const error = outcome.errors[0];
      const cause = error ? causeOf(error.cause) : `no error logged: ${outcome.status} ${causeOf(outcome.body)}`;
      const targets = causes.get(cause) ?? new Map<string, Outcome[]>();
      targets.set(outcome.target, [...(targets.get(outcome.target) ?? []), outcome]);
      causes.set(cause, targets);
    }
    const total = (targets: Map<string, Outcome[]>) => [...targets.values()].reduce((n, list) => n + list.length, 0);
    return [...causes.entries()]
      .sort(([, a], [, b]) => total(b) - total(a))
      .map(([cause, targets]) =>
        [
          `cause: ${cause} (${total(targets)} answers, ${targets.size} operations)`,
          ...[...targets.entries()].map(([target, list]) => {
            const example = list[0]!;
            const error = example.errors[0];
            const where = [error?.query, error?.at].filter(Boolean).join(' at ');
            const roles = [...new Set(list.map((o) => o.role))].join('/');
            // What was wrong with the inputs, each once: which fields and parameters do it.
            const notes = [...new Set(list.map((o) => o.note))];
            const shown = process.env.FUZZ_VERBOSE ? notes : notes.slice(0, 4);
            const more = notes.length > shown.length ? ` (and ${notes.length - shown.length} more)` : '';
            return [
              `    ${target} ×${list.length} as ${roles}${where ? ` — ${where}` : ''}`,
              ...shown.map((note) => `      - ${note}`),
              `      e.g. ${shorten(example.input, 300)}${more}`,
            ].join('\n');
          }),
        ].join('\n'),
      );
  }
}
