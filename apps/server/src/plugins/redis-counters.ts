import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createClient } from 'redis';
import type { RedisScripts } from '../modules/auth/sign-in-throttle';

/**
 * One Redis connection for the counters every instance must share: the route rate limits and the
 * sign-in throttle. Commands fail at once while Redis is away instead of queueing, so a request
 * never hangs on a counter.
 */
export async function connectRedisCounters(app: FastifyInstance, url: string): Promise<RedisScripts> {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (error: unknown) => {
    app.log.error({ err: error }, 'redis counters error');
  });
  await client.connect();
  app.addHook('onClose', async () => {
    await client.quit().catch(() => undefined);
  });
  return client;
}

// The fixed window of @fastify/rate-limit's own RedisStore (without continueExceeding or backoff,
// which Tolk does not use). KEYS: the counter. ARGV: the window in ms. Answers { count, ttl ms }.
export const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
  return { current, tonumber(ARGV[1]) }
end
return { current, redis.call('PTTL', KEYS[1]) }
`;

/**
 * A @fastify/rate-limit store on the project's Redis client (node-redis). The plugin's built-in
 * `redis` option needs ioredis (it calls `defineCommand`); this keeps one Redis library.
 */
export function redisRateLimitStore(redis: RedisScripts, prefix = 'tolk:rate-limit:'): FastifyRateLimitStoreCtor {
  class RedisCounterStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, routePrefix = prefix) {
      this.prefix = routePrefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      redis.eval(INCREMENT_SCRIPT, { keys: [this.prefix + key], arguments: [String(timeWindow)] }).then(
        (reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    /** Each route counts apart, as with the plugin's own stores. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new RedisCounterStore(undefined, `${this.prefix}${method}${route?.url ?? ''}:`);
    }
  }
  return RedisCounterStore;
}
