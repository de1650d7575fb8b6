import type { RedisScripts } from '../../plugins/window-counter';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors';

/**
 * Counts sign-in attempts in a sliding window, per account, per address, and per account from one
 * address. An attempt is counted before the password is checked (so parallel guesses cannot all
 * slip past the check) and taken back when the password was right, so what remains are failures.
 * Lockouts end when the window passes, so an attacker can slow an account down but never lock its
 * owner out for good, and the owner's own address has a separate, tighter budget (a guessing
 * attacker elsewhere exhausts the per-account budget, which is larger). A browser that has signed
 * in to the account before (a known device, OWASP's "device cookies") is not held to the
 * per-account budget at all, only to its own per-device budget and the per-address one, so
 * attackers elsewhere cannot keep the owner out even while the window lasts.
 */
export interface ThrottleLimits {
  windowMs: number;
  perAccountAndAddress: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perAccountAndAddress: 5,
  perAccount: 20,
  perAddress: 50,
};

/** Where the counts live: this process, or Redis when several instances must share them. */
export interface ThrottleStore {
  /**
   * In one atomic step: when every key is under its limit, counts the attempt on each and answers
   * 0; otherwise counts nothing and answers the milliseconds until an attempt frees up.
   */
  reserve(
    limits: Array<[key: string, limit: number]>,
    attempt: string,
    now: number,
    windowMs: number,
  ): number | Promise<number>;
  /** Takes the attempt back from `keys` and forgets every count under `clear`. */
  settle(keys: string[], attempt: string, clear: string[]): void | Promise<void>;
}

export type Reservation =
  | { allowed: false; retryAfterSeconds: number }
  /** A wrong password needs nothing more: the reserved attempt stays counted as the failure. */
  | { allowed: true; succeeded(): Promise<void> };

export class SignInThrottle {
  private readonly store: ThrottleStore;
  private readonly now: () => number;

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    options: { store?: ThrottleStore; now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.store = options.store ?? new MemoryThrottleStore(this.now);
  }

  private keys(username: string, address: string, deviceId: string | undefined) {
    const account = username.trim().toLowerCase();
    const pair = `a:${account}|${address}`;
    const device = deviceId ? `d:${account}|${deviceId}` : undefined;
    const limits: Array<[string, number]> = device
      ? [[device, this.limits.perAccountAndAddress]]
      : [
          [pair, this.limits.perAccountAndAddress],
          [`a:${account}`, this.limits.perAccount],
        ];
    limits.push([`ip:${address}`, this.limits.perAddress]);
    return { limits, clearOnSuccess: device ? [pair, device] : [pair] };
  }

  /**
   * Counts one attempt, or says how long to wait. With the in-process store the check and the
   * count happen before this returns its promise, so callers that call it first thing cannot race.
   * `deviceId` is the caller's known device for this account, already verified.
   */
  async reserve(username: string, address: string, deviceId?: string): Promise<Reservation> {
    const { limits, clearOnSuccess } = this.keys(username, address, deviceId);
    const attempt = randomUUID();
    const waitMs = await this.store.reserve(limits, attempt, this.now(), this.limits.windowMs);
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    return {
      allowed: true,
      // A correct password takes its attempt back and clears this address's (and device's) failures.
      succeeded: async () => {
        await this.store.settle(
          limits.map(([key]) => key),
          attempt,
          clearOnSuccess,
        );
      },
    };
  }
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly attempts = new Map<string, Array<{ at: number; attempt: string }>>();
  private windowMs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string, cutoff: number) {
    const kept = (this.attempts.get(key) ?? []).filter((entry) => entry.at > cutoff);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  reserve(limits: Array<[string, number]>, attempt: string, now: number, windowMs: number): number {
    this.windowMs = windowMs;
    const cutoff = now - windowMs;
    let waitMs = 0;
    for (const [key, limit] of limits) {
      const times = this.recent(key, cutoff);
      if (times.length >= limit) {
        const freedAt = (times[times.length - limit]?.at ?? 0) + windowMs;
        waitMs = Math.max(waitMs, freedAt - now);
      }
    }
    if (waitMs > 0) return waitMs;
    for (const [key] of limits) this.attempts.set(key, [...(this.attempts.get(key) ?? []), { at: now, attempt }]);
    if (this.attempts.size > 100_000) this.sweep();
    return 0;
  }

  settle(keys: string[], attempt: string, clear: string[]): void {
    for (const key of keys) {
      const kept = (this.attempts.get(key) ?? []).filter((entry) => entry.attempt !== attempt);
      if (kept.length) this.attempts.set(key, kept);
      else this.attempts.delete(key);
    }
    for (const key of clear) this.attempts.delete(key);
  }

  private sweep(): void {
    const cutoff = this.now() - this.windowMs;
    for (const key of [...this.attempts.keys()]) this.recent(key, cutoff);
  }
}

// KEYS: the counted keys. ARGV: now, window, attempt id, then one limit per key.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local limit = tonumber(ARGV[3 + i])
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local freed = tonumber(oldest[2]) + window - now
    if freed > wait then wait = freed end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
end
return 0
`;

// KEYS: the counted keys, then the keys to clear. ARGV: attempt id, number of counted keys.
const SETTLE_SCRIPT = `
local counted = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  if i <= counted then redis.call('ZREM', key, ARGV[1]) else redis.call('DEL', key) end
end
return 0
`;

/** Counts shared by every instance on one Redis; each key is a sorted set of attempt times. */
export function redisThrottleStore(redis: RedisScripts, prefix = 'tolk:sign-in:'): ThrottleStore {
  return {
    async reserve(limits, attempt, now, windowMs) {
      let wait: unknown;
      try {
        wait = await redis.eval(RESERVE_SCRIPT, {
          keys: limits.map(([key]) => prefix + key),
          arguments: [String(now), String(windowMs), attempt, ...limits.map(([, limit]) => String(limit))],
        });
      } catch {
        // Without the shared counts there is no limit: refuse rather than let guesses through.
        throw new AppError('unavailable', 'Signing in is not possible right now. Try again in a minute.', undefined, {
          'retry-after': '60',
        });
      }
      return Number(wait);
    },
    async settle(keys, attempt, clear) {
      await redis.eval(SETTLE_SCRIPT, {
        keys: [...keys, ...clear].map((key) => prefix + key),
        arguments: [attempt, String(keys.length)],
      });
    },
  };
}
