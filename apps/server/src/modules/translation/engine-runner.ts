import { performance } from 'node:perf_hooks';
import { CircuitBreaker, DEFAULT_BREAKER, type BreakerOptions } from './circuit-breaker';
import { ConcurrencyLimit } from './concurrency-limit';
import { EngineError, type TranslationEngine } from './engines/engine';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails the call now: nobody waits a minute for a chat line. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 200, maxDelayMs: 2000, maxRetryAfterMs: 5000 };

/**
 * How long to wait before try number `attempt + 1`, or null to give up. The vendor's Retry-After
 * wins; otherwise exponential backoff with jitter, so callers that failed together do not all
 * come back in the same millisecond.
 */
export function backoffDelay(
  attempt: number,
  error: EngineError,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (!error.retryable || attempt >= policy.retries) return null;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Told of every call to an engine (each try of it), from its concurrency slot to its answer: for metrics. */
import type { EngineCallObserver } from '../../plugins/metrics';

export type { EngineCallObserver };

export interface RunnerOptions {
  /** Per attempt, from when the call gets its concurrency slot. */
  timeoutMs: number;
  onCall?: EngineCallObserver;
  breaker?: BreakerOptions;
  retry?: RetryPolicy;
  random?: () => number;
  now?: () => number;
}

export interface RunnerStats {
  /** Calls made to the engine, retries included. */
  calls: number;
  texts: number;
  /** Calls that failed for good (after their retries). */
  failures: number;
  retries: number;
  lastError: { message: string; at: Date } | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Everything around one engine's calls: circuit breaker, concurrency limit, timeout, retries, figures. */
export class EngineRunner {
  readonly breaker: CircuitBreaker;
  readonly limit: ConcurrencyLimit;
  readonly stats: RunnerStats = { calls: 0, texts: 0, failures: 0, retries: 0, lastError: null };
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly now: () => number;
  private inFlightCalls = 0;

  constructor(
    readonly engine: TranslationEngine,
    private readonly options: RunnerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.breaker = new CircuitBreaker(options.breaker ?? DEFAULT_BREAKER, this.now);
    this.limit = new ConcurrencyLimit(engine.limits.concurrency);
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.random = options.random ?? Math.random;
  }

  get name(): string {
    return this.engine.name;
  }

  get inFlight(): number {
    return this.inFlightCalls;
  }

  /** False while the breaker is open: routing then tries the next engine. */
  get available(): boolean {
    return this.breaker.state !== 'open';
  }

  async run<T>(texts: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (!this.breaker.tryAcquire()) {
      throw new EngineError(
        this.name,
        `${this.name} is paused after ${this.breaker.consecutiveFailures} failures in a row`,
        { retryable: false },
      );
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.attempt(texts, call);
        this.breaker.onSuccess();
        return result;
      } catch (error) {
        const failure = this.asEngineError(error);
        const delay = backoffDelay(attempt, failure, this.retry, this.random);
        if (delay === null) {
          this.breaker.onFailure();
          this.stats.failures++;
          this.stats.lastError = { message: failure.message, at: new Date(this.now()) };
          throw failure;
        }
        this.stats.retries++;
        await sleep(delay);
      }
    }
  }

  private async attempt<T>(texts: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const release = await this.limit.acquire();
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(
        new EngineError(this.name, `${this.name} timed out after ${this.options.timeoutMs} ms`, { retryable: true }),
      );
    }, this.options.timeoutMs);
    this.stats.calls++;
    this.stats.texts += texts;
    this.inFlightCalls++;
    const started = performance.now();
    let outcome: 'ok' | 'error' = 'error';
    try {
      const result = await call(controller.signal);
      outcome = 'ok';
      return result;
    } catch (error) {
      // Whatever the engine threw on abort (fetch's AbortError, say), the reason is the timeout.
      if (controller.signal.aborted && controller.signal.reason instanceof EngineError) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      this.inFlightCalls--;
      release();
      this.options.onCall?.(this.name, (performance.now() - started) / 1000, outcome);
    }
  }

  private asEngineError(error: unknown): EngineError {
    if (error instanceof EngineError) return error;
    return new EngineError(this.name, `${this.name} failed unexpectedly`, { retryable: false, cause: error });
  }
}
