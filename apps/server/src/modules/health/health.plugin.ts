import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes';
import { createReadiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What loads in the background after the server listens (dictionaries, engine processes):
     * modules hand their parts to `warm`, /api/health/ready says when all are in.
     */
    readiness: { warm(name: string, load: () => Promise<unknown>): void };
  }
}

export interface HealthPluginOptions {
  /** Whether parts warm up after listening (TOLK_WARM_UP); off, `warm` does nothing. */
  warmUp: boolean;
  /** Whether Redis answers; absent when REDIS_URL is not set. */
  redisAnswers?: () => Promise<boolean>;
}

/** Liveness, readiness and the warm-up the other modules register with `app.readiness.warm`. */
export const healthPlugin = fp(
  async (app: FastifyInstance, options: HealthPluginOptions) => {
    const readiness = createReadiness(app.log);
    const parts: [string, () => Promise<unknown>][] = [];
    app.decorate('readiness', {
      warm(name: string, load: () => Promise<unknown>) {
        if (options.warmUp) parts.push([name, load]);
      },
    });
    if (options.warmUp) {
      // After listening, in the background: no member's first muse waits for a part to load.
      app.addHook('onListen', () => {
        for (const [name, load] of parts) readiness.warm(name, load);
      });
      app.addHook('onClose', () => readiness.settled());
    }
    await app.register(healthRoutes, {
      prefix: '/api',
      readiness,
      ...(options.redisAnswers ? { redisAnswers: options.redisAnswers } : {}),
    });
  },
  { name: 'health', dependencies: ['db'] },
);
