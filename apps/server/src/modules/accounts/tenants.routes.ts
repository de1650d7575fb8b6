import type { FastifyInstance } from 'fastify';
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
import { routes } from '../../http/routes';
import type { AccountsAdminService } from './accounts-admin.service';

/** Tenants (superadmins): list, add, remove an empty one other than root and public, and their audit. */
export async function tenantsRoutes(app: FastifyInstance, { service }: { service: AccountsAdminService }) {
  const route = routes(app, {
    tags: ['tenants'],
    errors: errorResponses(400, 401, 403, 409),
    actor: callerOf,
  });

  route('GET /tenants', {
    summary: 'Every tenant with its number of accounts',
    response: { 200: tenantsSchema },
    handler: (caller) => service.tenants(caller),
  });

  route('GET /tenants/audit', {
    summary: 'Tenants added and removed (removed ones too), newest first, a page at a time (superadmins)',
    querystring: auditQuerySchema,
    response: { 200: auditPageSchema },
    handler: (caller, { query }) => service.tenantAudit(caller, query),
  });

  route('POST /tenants', {
    summary: 'Add a tenant (slug and name, the slug unique)',
    body: createTenantInputSchema,
    response: { 201: tenantSchema },
    handler: (caller, { body }) => service.createTenant(caller, body),
  });

  route('DELETE /tenants/:slug', {
    summary: 'Remove a tenant without accounts (409 for root, public and a tenant with accounts)',
    params: tenantParamsSchema,
    response: { 204: z.undefined(), ...errorResponses(404) },
    handler: (caller, { params }) => service.removeTenant(caller, params.slug),
  });
}
