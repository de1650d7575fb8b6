import type { CreateTenantInput, Tenant } from '@tolk/shared/schemas/accounts-admin';
import { post } from '../../../lib/http';

/** POST /api/tenants: a tenant with a slug of its own (taken: 409 on the slug field). */
export const createTenant = (input: CreateTenantInput) => post<Tenant>('/tenants', input);
