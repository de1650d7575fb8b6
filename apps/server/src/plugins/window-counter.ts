import type { RedisScripts } from '../modules/auth/sign-in-throttle';
import { INCREMENT_SCRIPT } from './redis-counters';

/**
 * Counts events per key in fixed windows: answers the count so far in the current window and
 * the milliseconds until it ends. In this process, or in Redis when several instances must
 * share the counts (the same script as the HTTP route limits).
 */
export type WindowCounter = (key: string, windowMs: number) => Promise<{ count: number; resetMs: number }>;

export function windowCounter(redis?: RedisScripts, prefix = 'tolk:window:'): WindowCounter {
  if (redis) {
    return async (key, windowMs) => {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, {
        keys: [prefix + key],
        arguments: [String(windowMs)],
      })) as [number, number];
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    };
  }
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweepAt = 0;
  return (key, windowMs) => {
    const now = Date.now();
    if (now >= sweepAt) {
      // Forget windows that ended, so keys of people who left do not pile up.
      for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      sweepAt = now + windowMs;
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= now) windows.set(key, (window = { count: 0, endsAt: now + windowMs }));
    window.count++;
    return Promise.resolve({ count: window.count, resetMs: window.endsAt - now });
  };
}
