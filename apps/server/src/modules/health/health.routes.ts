import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@tolk/shared/schemas/health';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const databaseUp = await app.database.ping();
      return reply.status(databaseUp ? 200 : 503).send({
        status: databaseUp ? 'ok' : 'degraded',
        database: databaseUp ? 'ok' : 'down',
        engine: app.database.engine,
      });
    },
  );
}
