import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimsSchema } from '@tolk/shared/schemas/auth';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';

export async function debugRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/debug/claims',
    {
      schema: {
        tags: ['debug'],
        summary: "The caller's claims",
        response: { 200: claimsSchema, ...errorResponses(401) },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const caller = callerOf(request);
      return {
        sub: caller.accountId,
        sid: caller.sessionId,
        username: caller.username,
        tenant: caller.tenant,
        roles: caller.roles,
        superAdmin: caller.superAdmin,
        issuedAt: caller.issuedAt.toISOString(),
        expiresAt: caller.expiresAt.toISOString(),
      };
    },
  );
}
