import type { BreakerState } from '../../plugins/metrics';

export type { BreakerState };

export interface BreakerOptions {
  /** Consecutive failed calls that open the breaker. */
  failureThreshold: number;
  /** How long an open breaker refuses calls before it lets one trial through. */
  cooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failureThreshold: 5, cooldownMs: 30_000 };

/**
 * Stops calling an engine that keeps failing, so callers get "unavailable" at once instead of
 * each waiting out a timeout, and the engine gets room to recover. After the cool-down one
 * trial call goes through (half-open): success closes the breaker, failure opens it again.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;

  constructor(
    private readonly options: BreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.options.cooldownMs ? 'half-open' : 'open';
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** When an open breaker lets the next trial through; null when closed. */
  get retryAt(): number | null {
    return this.openedAt === undefined ? null : this.openedAt + this.options.cooldownMs;
  }

  /** Whether a call may start now. In half-open, only one trial at a time. */
  tryAcquire(): boolean {
    switch (this.state) {
      case 'closed':
        return true;
      case 'open':
        return false;
      case 'half-open':
        if (this.trialInFlight) return false;
        this.trialInFlight = true;
        return true;
    }
  }

  onSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  onFailure(): void {
    this.failures++;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || this.failures >= this.options.failureThreshold) this.openedAt = this.now();
  }

  /** A call that ended without a verdict on the engine (the caller gave up): free the trial slot. */
  onAbandon(): void {
    this.trialInFlight = false;
  }
}
