import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createClient } from 'redis';
import { windowCounter, type RedisScripts, type WindowCounter } from './window-counter';

/** The counters' connection: scripts for the counts, PING for readiness. */
export interface RedisCounters extends RedisScripts {
  ping(): Promise<unknown>;
}

/**
 * One Redis connection for the counters every instance must share: the route rate limits and the
 * sign-in throttle. Commands fail at once while Redis is away instead of queueing, so a request
 * never hangs on a counter.
 */
export async function connectRedisCounters(app: FastifyInstance, url: string): Promise<RedisCounters> {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (error: unknown) => {
    app.log.error({ err: error }, 'redis counters error');
  });
  await client.connect();
  app.addHook('onClose', async () => {
    await closeRedisClient(client);
  });
  return client;
}

/** How long a Redis client is given to say goodbye when the app closes. */
const REDIS_CLOSE_MS = 2_000;

/**
 * Closes a Redis client for good: politely (QUIT, what was sent is answered first), but never
 * waiting more than a moment, since a client still reconnecting to a Redis that just came back
 * may never get to answer; then it is dropped.
 */
export async function closeRedisClient(client: { close(): Promise<unknown>; destroy(): void }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    client.close().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, REDIS_CLOSE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!closed) {
    try {
      client.destroy();
    } catch {
      // Already gone.
    }
  }
}

/**
 * Whether Redis answers PING within `timeoutMs` (readiness). Commands fail at once while the
 * connection is down; the timeout covers a server that accepts and never answers.
 */
export async function redisAnswers(redis: Pick<RedisCounters, 'ping'>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, timeoutMs);
  });
  try {
    return await Promise.race([redis.ping().then((reply) => reply === 'PONG'), silence]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A @fastify/rate-limit store on the project's Redis client (node-redis). The plugin's built-in
 * `redis` option needs ioredis (it calls `defineCommand`); this keeps one Redis library.
 */
export function redisRateLimitStore(redis: RedisScripts, prefix = 'tolk:rate-limit:'): FastifyRateLimitStoreCtor {
  class RedisCounterStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly count: WindowCounter;

    constructor(_options?: unknown, routePrefix = prefix) {
      this.prefix = routePrefix;
      this.count = windowCounter(redis, routePrefix);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      this.count(key, timeWindow).then(
        ({ count, resetMs }) => {
          callback(null, { current: count, ttl: resetMs });
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
