import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine } from '../../test/fake-engine';
import { backoffDelay, DEFAULT_RETRY, EngineRunner } from './engine-runner';
import { EngineError } from './engines/engine';

const transient = (retryAfterMs?: number) =>
  new EngineError('fake', 'fake answered 503', { retryable: true, status: 503, retryAfterMs });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoff', () => {
  const policy = { retries: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

  it('doubles up to the ceiling, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, transient(), policy, () => 0))).toEqual([
      50, 100, 200, 400,
    ]);
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, transient(), policy, () => 1))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(backoffDelay(3, transient(), { ...policy, maxDelayMs: 300 }, () => 1)).toBe(300);
  });

  it("honours Retry-After, gives up on one longer than we wait, and never retries what can't succeed", () => {
    expect(backoffDelay(0, transient(2500), policy)).toBe(2500);
    expect(backoffDelay(0, transient(60_000), policy)).toBeNull();
    expect(
      backoffDelay(0, new EngineError('fake', 'fake answered 403', { retryable: false, status: 403 }), policy),
    ).toBeNull();
    expect(backoffDelay(4, transient(), policy)).toBeNull();
  });
});

describe('engine runner', () => {
  const runner = (overrides: Partial<ConstructorParameters<typeof EngineRunner>[1]> = {}) =>
    new EngineRunner(fakeEngine({ pairs: [], limits: { concurrency: 2 } }), {
      timeoutMs: 1000,
      breaker: { failureThreshold: 2, cooldownMs: 30_000 },
      retry: DEFAULT_RETRY,
      random: () => 1,
      ...overrides,
    });

  it('retries a 503 with backoff and a 429 after its Retry-After, then succeeds', async () => {
    const r = runner();
    const call = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(transient())
      .mockRejectedValueOnce(transient(1500))
      .mockResolvedValue('ok');
    const result = r.run(1, call);
    await vi.advanceTimersByTimeAsync(199);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1499);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(r.stats).toMatchObject({ calls: 3, retries: 2, failures: 0 });
    expect(r.breaker.consecutiveFailures).toBe(0);
  });

  it('times an attempt out, aborting the call, and counts it as a failure after the retries', async () => {
    const r = runner({ retry: { ...DEFAULT_RETRY, retries: 1 } });
    const signals: AbortSignal[] = [];
    const result = r.run(
      1,
      (signal) =>
        new Promise<string>((_, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => {
            reject(new Error('socket closed'));
          });
        }),
    );
    const settled = expect(result).rejects.toThrow('fake timed out after 1000 ms');
    await vi.advanceTimersByTimeAsync(1000 + 200 + 1000);
    await settled;
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(r.stats).toMatchObject({ calls: 2, retries: 1, failures: 1 });
    expect(r.stats.lastError?.message).toBe('fake timed out after 1000 ms');
  });

  it('opens the breaker after consecutive failures and then refuses at once, without calling', async () => {
    const r = runner();
    const failing = vi.fn(() => Promise.reject(new EngineError('fake', 'fake answered 401', { retryable: false })));
    await expect(r.run(1, failing)).rejects.toThrow('401');
    await expect(r.run(1, failing)).rejects.toThrow('401');
    expect(r.available).toBe(false);
    await expect(r.run(1, failing)).rejects.toThrow('fake is paused after 2 failures in a row');
    expect(failing).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30_000);
    expect(r.breaker.state).toBe('half-open');
    await expect(r.run(1, () => Promise.resolve('back'))).resolves.toBe('back');
    expect(r.breaker.state).toBe('closed');
  });

  it('runs at most `concurrency` calls at once; the rest wait their turn', async () => {
    const r = runner();
    let running = 0;
    let peak = 0;
    const call = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 100)); // a call's duration, on fake timers
      running--;
      return 'done';
    };
    const all = Promise.all(Array.from({ length: 5 }, () => r.run(1, call)));
    await vi.advanceTimersByTimeAsync(50);
    expect(r.inFlight).toBe(2);
    expect(r.limit.queued).toBe(3);
    await vi.advanceTimersByTimeAsync(300);
    await expect(all).resolves.toHaveLength(5);
    expect(peak).toBe(2);
  });

  it('tells its observer of every try, failed or not, with how long it took', async () => {
    const tries: [string, number, string][] = [];
    const r = runner({
      onCall: (engine, seconds, outcome) => {
        tries.push([engine, seconds, outcome]);
      },
    });
    const call = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(transient())
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            setTimeout(() => {
              resolve('ok');
            }, 250);
          }),
      );
    const result = r.run(1, call);
    await vi.advanceTimersByTimeAsync(200 + 250);
    await expect(result).resolves.toBe('ok');
    expect(tries.map(([engine, , outcome]) => [engine, outcome])).toEqual([
      ['fake', 'error'],
      ['fake', 'ok'],
    ]);
    for (const [, seconds] of tries) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
