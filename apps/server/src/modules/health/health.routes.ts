import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@tolk/shared/schemas/health';
import type { Readiness } from './readiness';

export async function healthRoutes(app: FastifyInstance, options: { readiness: Readiness }) {
  const { readiness } = options;
  const health = async () => {
    const databaseUp = await app.database.ping();
    return {
      status: databaseUp ? ('ok' as const) : ('degraded' as const),
      database: databaseUp ? ('ok' as const) : ('down' as const),
      engine: app.database.engine,
      ready: databaseUp && readiness.ready,
      warmUp: readiness.parts(),
    };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability, with what is still loading',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const body = await health();
      return reply.status(body.database === 'ok' ? 200 : 503).send(body);
    },
  );
  r.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 once the database answers and heavy resources are loaded, 503 before',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const body = await health();
      return reply.status(body.ready ? 200 : 503).send(body);
    },
  );
}
