import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  createTenantInputSchema,
  tenantParamsSchema,
  tenantSchema,
  tenantsSchema,
} from '@tolk/shared/schemas/accounts-admin';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import type { AccountsAdminService } from './accounts-admin.service';

/** Tenants (superadmins): list, add, remove an empty one other than root and public, and their audit. */
export async function tenantsRoutes(app: FastifyInstance, { service }: { service: AccountsAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['tenants'],
    errors: errorResponses(400, 401, 403, 409),
    config: { auth: 'required' },
  });

  r.get(
    '/tenants',
    operation({
      summary: 'Every tenant with its number of accounts',
      response: { 200: tenantsSchema },
    }),
    async (request) => service.tenants(callerOf(request)),
  );

  r.get(
    '/tenants/audit',
    operation({
      summary: 'Tenants added and removed (removed ones too), newest first, a page at a time (superadmins)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    }),
    async (request) => service.tenantAudit(callerOf(request), request.query),
  );

  r.post(
    '/tenants',
    operation({
      summary: 'Add a tenant (slug and name, the slug unique)',
      body: createTenantInputSchema,
      response: { 201: tenantSchema },
    }),
    async (request, reply) => reply.status(201).send(await service.createTenant(callerOf(request), request.body)),
  );

  r.delete(
    '/tenants/:slug',
    operation({
      summary: 'Remove a tenant without accounts (409 for root, public and a tenant with accounts)',
      params: tenantParamsSchema,
      response: { 204: z.undefined(), ...errorResponses(404) },
    }),
    async (request, reply) => {
      await service.removeTenant(callerOf(request), request.params.slug);
      return reply.status(204).send();
    },
  );
}
