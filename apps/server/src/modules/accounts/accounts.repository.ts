import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import { tenants } from '../../db/schema/tenants';

export interface AccountRow {
  id: string;
  tenantId: string;
  tenant: string;
  username: string;
  passwordHash: string;
  displayName: string;
  language: string;
  roles: string;
  activeSubscriber: boolean;
  /** Set while a superadmin has the account suspended. */
  suspendedAt: Date | null;
  createdAt: Date;
  /** The profile photo's upload, shown in the header from the login response. */
  avatarId: string | null;
}

const accountColumns = {
  id: accounts.id,
  tenantId: accounts.tenantId,
  tenant: tenants.slug,
  username: accounts.username,
  passwordHash: accounts.passwordHash,
  displayName: accounts.displayName,
  language: accounts.language,
  roles: accounts.roles,
  activeSubscriber: accounts.activeSubscriber,
  suspendedAt: accounts.suspendedAt,
  createdAt: accounts.createdAt,
  avatarId: profiles.avatarId,
};

export function createAccountsRepository(db: Database) {
  return {
    async findByUsername(username: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
        .leftJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(eq(sql`lower(${accounts.username})`, username.trim().toLowerCase()))
        .limit(1);
      return row;
    },

    /**
     * Accounts by name (any case), in one tenant, or in every tenant when `tenantId` is null
     * (superadmins): names in other tenants are not found, as if they did not exist.
     */
    byUsernames(usernames: string[], tenantId: string | null) {
      const lowered = usernames.map((u) => u.trim().toLowerCase());
      return db
        .select({ id: accounts.id, username: accounts.username, language: accounts.language })
        .from(accounts)
        .where(
          and(
            inArray(sql`lower(${accounts.username})`, lowered),
            tenantId === null ? undefined : eq(accounts.tenantId, tenantId),
          ),
        );
    },

    async findById(id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
        .leftJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(eq(accounts.id, id))
        .limit(1);
      return row;
    },

    /** Creates the account and its empty profile together. Throws a unique violation on a taken name. */
    async create(input: {
      tenantId: string;
      username: string;
      passwordHash: string;
      displayName: string;
      language: string;
      roles: string;
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(accounts).values(input).returning({ id: accounts.id });
        if (!row) throw new Error('account insert returned nothing');
        await tx.insert(profiles).values({ accountId: row.id });
        return row.id;
      });
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db
        .update(accounts)
        .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(accounts.id, id));
    },

    /** Suspends (a date) or reactivates (null) an account. */
    async setSuspended(id: string, at: Date | null): Promise<void> {
      await db.update(accounts).set({ suspendedAt: at, updatedAt: new Date() }).where(eq(accounts.id, id));
    },

    /** Superadmins' view: accounts of one tenant or of all tenants. */
    async list(filter: { tenant?: string | undefined }) {
      return db
        .select({
          id: accounts.id,
          username: accounts.username,
          displayName: accounts.displayName,
          language: accounts.language,
          roles: accounts.roles,
          tenant: tenants.slug,
          activeSubscriber: accounts.activeSubscriber,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
        .where(filter.tenant ? and(eq(tenants.slug, filter.tenant)) : undefined)
        .orderBy(asc(tenants.slug), asc(accounts.username))
        .limit(500);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
