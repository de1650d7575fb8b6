/** The one Redis call the shared counters need; node-redis's client has it. */
export interface RedisScripts {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

// The fixed window of @fastify/rate-limit's own RedisStore (without continueExceeding or backoff,
// which Tolk does not use). KEYS: the counter. ARGV: the window in ms. Answers { count, ttl ms }.
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
  return { current, tonumber(ARGV[1]) }
end
return { current, redis.call('PTTL', KEYS[1]) }
`;

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

/**
 * A counter that counts nothing while its store cannot answer (Redis away): the limit is lifted
 * for that time rather than every counted action failing, as the routes' limits are
 * (@fastify/rate-limit's skipOnError).
 */
export function liftedWhenUnavailable(count: WindowCounter, onError: (error: unknown) => void): WindowCounter {
  return (key, windowMs) =>
    count(key, windowMs).catch((error: unknown) => {
      onError(error);
      return { count: 0, resetMs: windowMs };
    });
}
