import { PUBLIC_TENANT } from '@tolk/shared/roles';
import type { Database } from '../../db/client';
import { createAccountsRepository } from './accounts.repository';
import { createTenantsRepository } from './tenants.repository';

export type { AccountRow } from './accounts.repository';

/**
 * What another module keeps for every account (the profiles module: its empty profile), written
 * in the transaction that creates the account, so neither exists without the other.
 *
 * It is an argument of `create`, not a hook registered once: each place that makes an account
 * (registration, the superadmins' form, the first run's admin) is handed it by whoever wires that
 * place and passes it on, so the rows made with an account can be read where it is made, and a
 * new place that forgets them does not compile. Accounts itself knows no module above it.
 */
export type AccountCreated = (tx: Database, accountId: string) => Promise<void>;

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
    /** Creates the account and what `created` makes with it, together. Throws a unique violation on a taken name. */
    create: (input: Parameters<typeof accounts.create>[0], created: AccountCreated): Promise<string> =>
      db.transaction(async (tx) => {
        const id = await createAccountsRepository(tx).create(input);
        await created(tx, id);
        return id;
      }),
    setPasswordHash: (id: string, hash: string) => accounts.setPasswordHash(id, hash),
    /** The member's own address, unverified until its link is opened (recovery: the auth module). */
    setEmail: (id: string, email: string | null) => accounts.setEmail(id, email),
    verifyEmail: (id: string, email: string) => accounts.verifyEmail(id, email),
    findByVerifiedEmail: (email: string) => accounts.findByVerifiedEmail(email),
    /** The member's own name and language, changed from their profile page. */
    setNameAndLanguage: (id: string, values: { displayName?: string; language?: string }) =>
      accounts.setNameAndLanguage(id, values),
    /** When the member's paid subscription runs out (null: none runs); the subscriptions module keeps it so. */
    setSubscribedUntil: (id: string, subscribedUntil: Date | null) => accounts.setSubscribedUntil(id, subscribedUntil),
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
