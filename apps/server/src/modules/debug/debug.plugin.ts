import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { debugRoutes } from './debug.routes';

/** The spec's debug screens' calls: the caller's claims and the records as stored. */
export const debugPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(debugRoutes, { prefix: '/api' });
  },
  { name: 'debug', dependencies: ['auth'] },
);
