import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker';

function breakerAt() {
  let now = 1_000_000;
  const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 10_000 }, () => now);
  return { breaker, advance: (ms: number) => (now += ms) };
}

describe('circuit breaker', () => {
  it('opens after N consecutive failures, and a success in between starts the count again', () => {
    const { breaker } = breakerAt();
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.consecutiveFailures).toBe(3);
  });

  it('lets one trial through after the cool-down, and closes when it succeeds', () => {
    const { breaker, advance } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    expect(breaker.retryAt).toBe(1_010_000);
    advance(9_999);
    expect(breaker.tryAcquire()).toBe(false);
    advance(1);
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.retryAt).toBeNull();
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('opens again for a full cool-down when the trial fails', () => {
    const { breaker, advance } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    advance(10_000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    advance(9_000);
    expect(breaker.tryAcquire()).toBe(false);
    advance(1_000);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('frees the trial slot when the trial is abandoned without a verdict', () => {
    const { breaker, advance } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    advance(10_000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onAbandon();
    expect(breaker.tryAcquire()).toBe(true);
  });
});
