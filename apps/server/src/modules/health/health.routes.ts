import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema, type Health } from '@tolk/shared/schemas/health';
import type { Readiness } from './readiness';

export interface HealthOptions {
  readiness: Readiness;
  /** Whether Redis answers; absent when REDIS_URL is not set. */
  redisAnswers?: () => Promise<boolean>;
}

/**
 * Liveness (the process answers: restart it if not), readiness (send it traffic: the database
 * and Redis answer and the warm-up is done) and, as before both, /health: every part's state,
 * 200 while the database answers.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  const { readiness, redisAnswers } = options;
  const health = async (): Promise<Health> => {
    const [databaseUp, redisUp] = await Promise.all([app.database.ping(), redisAnswers?.()]);
    const redis = redisUp === undefined ? 'off' : redisUp ? 'ok' : 'down';
    return {
      status: databaseUp && redis !== 'down' ? 'ok' : 'degraded',
      database: databaseUp ? 'ok' : 'down',
      engine: app.database.engine,
      redis,
      ready: databaseUp && redis !== 'down' && readiness.ready,
      warmUp: readiness.parts(),
    };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Every part: database, Redis, warm-up; 200 while the database answers, 503 when it does not',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const body = await health();
      return reply.status(body.database === 'ok' ? 200 : 503).send(body);
    },
  );
  r.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process answers requests; asks nothing of the database',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.floor(process.uptime()) }),
  );
  r.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 200 once the database and Redis (when configured) answer and heavy resources are loaded, 503 otherwise',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const body = await health();
      return reply.status(body.ready ? 200 : 503).send(body);
    },
  );
}
