import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReach, type ReachRule } from './reach';

/** Connect's reachability rule, decorated before the modules that ask it (muses, records, orders, uploads, avatars). */
export const reachPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('reach', createReach(app.db));
  },
  { name: 'reach', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may reach whom (reach/reach.ts): asked by every path from one member to another. */
    reach: ReachRule;
  }
}
