import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@tolk/shared/errors';
import { forbidden } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { createAccountsRepository } from './accounts.repository';

const accountSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  language: z.string(),
  roles: z.string(),
  tenant: z.string(),
  activeSubscriber: z.boolean(),
  createdAt: z.string(),
});

export async function accountsRoutes(app: FastifyInstance) {
  const accounts = createAccountsRepository(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Accounts of every tenant (superadmins only)',
        querystring: z.object({ tenant: z.string().max(64).optional() }),
        response: { 200: z.array(accountSummarySchema), 401: errorBodySchema, 403: errorBodySchema },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      if (!callerOf(request).superAdmin) throw forbidden('Only superadmins manage accounts.');
      const rows = await accounts.list({ tenant: request.query.tenant });
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
}
