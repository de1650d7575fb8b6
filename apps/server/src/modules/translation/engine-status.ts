import type { EngineStatus } from '@tolk/shared/schemas/translation';
import type { BreakerState } from './circuit-breaker';
import type { EngineRunner } from './engine-runner';
import type { MemoryStats } from './translation-memory';
import type { TranslationRouter } from './translation-router';

/** What the status route says of one engine; `routing` is the router that lists its language pairs. */
export function engineStatus(runner: EngineRunner, routing: TranslationRouter): EngineStatus {
  const breaker = runner.breaker;
  const listError = routing.listError(runner);
  const pairs = routing.pairCount(runner);
  const health: EngineStatus['health'] =
    breaker.state === 'open'
      ? 'down'
      : pairs === 0
        ? listError
          ? 'down'
          : 'unknown'
        : breaker.consecutiveFailures > 0 || breaker.state === 'half-open'
          ? 'degraded'
          : 'ok';
  const retryAt = breaker.state === 'closed' ? null : breaker.retryAt;
  return {
    name: runner.name,
    health,
    breaker: {
      state: breaker.state,
      consecutiveFailures: breaker.consecutiveFailures,
      retryAt: retryAt === null ? null : new Date(retryAt).toISOString(),
    },
    pairs,
    calls: runner.stats.calls,
    texts: runner.stats.texts,
    failures: runner.stats.failures,
    retries: runner.stats.retries,
    inFlight: runner.inFlight,
    lastError: runner.stats.lastError
      ? { message: runner.stats.lastError.message, at: runner.stats.lastError.at.toISOString() }
      : null,
    detail: {
      ...(listError ? { languageList: listError } : {}),
      ...(runner.engine.describe?.() ?? {}),
    },
  };
}

/** One engine's counts in this process so far. */
export interface EngineFigures {
  name: string;
  /** Calls made, retries included. */
  calls: number;
  texts: number;
  /** Calls that failed for good, after their retries. */
  failures: number;
  retries: number;
  inFlight: number;
  breaker: BreakerState;
}

/** The service's counts, read at once without waiting on an engine or the database (metrics). */
export interface TranslationFigures {
  engines: EngineFigures[];
  memory: MemoryStats;
}

export function engineFigures(runner: EngineRunner): EngineFigures {
  const { calls, texts, failures, retries } = runner.stats;
  return {
    name: runner.name,
    calls,
    texts,
    failures,
    retries,
    inFlight: runner.inFlight,
    breaker: runner.breaker.state,
  };
}
