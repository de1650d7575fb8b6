import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { avatarsRoutes } from './avatars.routes';
import { profilesRoutes } from './profiles.routes';

/** A member's own profile and avatar (others see them through connect). */
export const profilesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(profilesRoutes, { prefix: '/api' });
    await app.register(avatarsRoutes, { prefix: '/api', storage: app.uploads.storage });
  },
  { name: 'profiles', dependencies: ['db', 'auth', 'reach', 'uploads'], decorators: { fastify: ['uploads'] } },
);
