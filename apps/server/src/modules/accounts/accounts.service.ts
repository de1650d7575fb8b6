import { PUBLIC_TENANT } from '@tolk/shared/roles';
import type { Database } from '../../db/client';
import { createAccountsRepository } from './accounts.repository';
import { createTenantsRepository } from './tenants.repository';

export type { AccountRow } from './accounts.repository';

/**
 * Accounts and tenants as other modules use them (sign-in and registration, the interpreter's
 * guests): they ask here, and the SQL stays in this module's repositories.
 */
export function createAccountsService(db: Database) {
  const accounts = createAccountsRepository(db);
  const tenants = createTenantsRepository(db);
  let publicTenant: string | undefined;
  return {
    findByUsername: (username: string) => accounts.findByUsername(username),
    findById: (id: string) => accounts.findById(id),
    /** Creates the account and its empty profile together. Throws a unique violation on a taken name. */
    create: (input: Parameters<typeof accounts.create>[0]) => accounts.create(input),
    setPasswordHash: (id: string, hash: string) => accounts.setPasswordHash(id, hash),
    /** Accounts by name that `actor` may reach: their own tenant's, or every tenant's for superadmins. */
    findByUsernames: (usernames: string[], actor: { tenantId: string; superAdmin: boolean }) =>
      usernames.length
        ? accounts.byUsernames(usernames, actor.superAdmin ? null : actor.tenantId)
        : Promise.resolve([]),
    /** The tenant members register in; the bootstrap makes it, so its id never changes. */
    async publicTenantId(): Promise<string> {
      publicTenant ??= await tenants.idOf(PUBLIC_TENANT);
      if (!publicTenant) throw new Error(`the ${PUBLIC_TENANT} tenant is missing: run the bootstrap`);
      return publicTenant;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
