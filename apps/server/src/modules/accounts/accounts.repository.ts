import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { accountsQuerySchema } from '@tolk/shared/schemas/accounts-admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { accounts, activeSubscriberNow } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import { sessions } from '../../db/schema/sessions';
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
  /** Signed in with a one-time password: it must be changed first. */
  mustChangePassword: boolean;
  /** Where mail reaches the member, once verified (emailVerifiedAt). */
  email: string | null;
  emailVerifiedAt: Date | null;
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
  activeSubscriber: activeSubscriberNow,
  suspendedAt: accounts.suspendedAt,
  mustChangePassword: accounts.mustChangePassword,
  email: accounts.email,
  emailVerifiedAt: accounts.emailVerifiedAt,
  createdAt: accounts.createdAt,
  avatarId: profiles.avatarId,
};

/** The list's query as the server reads it, defaults applied. */
export type AccountsListQuery = z.output<typeof accountsQuerySchema>;

const adminColumns = {
  id: accounts.id,
  username: accounts.username,
  displayName: accounts.displayName,
  language: accounts.language,
  roles: accounts.roles,
  tenantId: accounts.tenantId,
  tenant: tenants.slug,
  suspendedAt: accounts.suspendedAt,
  mustChangePassword: accounts.mustChangePassword,
  email: accounts.email,
  emailVerifiedAt: accounts.emailVerifiedAt,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
  version: accounts.version,
  // A sign-in sets last_seen_at; later requests move it on every few minutes (sessions from
  // before the column have their sign-in time).
  lastActiveAt:
    sql<Date | null>`(select max(coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})) from ${sessions} where ${sessions.accountId} = ${accounts.id})`.mapWith(
      sessions.createdAt,
    ),
};
export type AdminAccountRow = Omit<
  typeof accounts.$inferSelect,
  'passwordHash' | 'passwordChangedAt' | 'subscribedUntil'
> & {
  tenant: string;
  lastActiveAt: Date | null;
};

export function createAccountsRepository(db: Database) {
  /** The one account `where` finds, with its tenant's slug and its avatar. */
  const findOne = async (where: SQL): Promise<AccountRow | undefined> => {
    const [row] = await db
      .select(accountColumns)
      .from(accounts)
      .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
      .leftJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(where)
      .limit(1);
    return row;
  };

  return {
    findByUsername(username: string): Promise<AccountRow | undefined> {
      return findOne(eq(sql`lower(${accounts.username})`, username.trim().toLowerCase()));
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

    findById(id: string): Promise<AccountRow | undefined> {
      return findOne(eq(accounts.id, id));
    },

    /** Throws a unique violation on a taken name. */
    async create(input: {
      tenantId: string;
      username: string;
      passwordHash: string;
      displayName: string;
      language: string;
      roles: string;
      mustChangePassword?: boolean;
    }): Promise<string> {
      const [row] = await db.insert(accounts).values(input).returning({ id: accounts.id });
      if (!row) throw new Error('account insert returned nothing');
      return row.id;
    },

    /** The member's own new password: a one-time password is then no longer pending. */
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db
        .update(accounts)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(accounts.id, id));
    },

    /**
     * The member's own address (null: none): unverified until its link is opened. The same
     * address again changes nothing, so asking for a new link does not undo a verification.
     */
    async setEmail(id: string, email: string | null): Promise<void> {
      await db
        .update(accounts)
        .set({ email, emailVerifiedAt: null, updatedAt: new Date() })
        .where(and(eq(accounts.id, id), sql`${accounts.email} is distinct from ${email}`));
    },

    /** The address proved the member's, if it is still theirs; false when it is not (changed since, or taken meanwhile). */
    async verifyEmail(id: string, email: string): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(accounts.id, id), eq(accounts.email, email)))
        .returning({ id: accounts.id });
      return rows.length > 0;
    },

    /** The account a verified address belongs to, whatever its case. */
    findByVerifiedEmail(email: string): Promise<AccountRow | undefined> {
      return findOne(
        and(sql`lower(${accounts.email}) = lower(${email})`, sql`${accounts.emailVerifiedAt} is not null`)!,
      );
    },

    /** The member's own name and language (their profile page); what is undefined stays. */
    async setNameAndLanguage(id: string, values: { displayName?: string; language?: string }): Promise<void> {
      await db
        .update(accounts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(accounts.id, id));
    },

    /** When the member's paid subscription runs out (null: none runs), as their subscriptions say. */
    async setSubscribedUntil(id: string, subscribedUntil: Date | null): Promise<void> {
      await db.update(accounts).set({ subscribedUntil }).where(eq(accounts.id, id));
    },

    /** An admin's change of an account: its version moves on with it. */
    async change(
      id: string,
      values: Partial<
        Pick<
          typeof accounts.$inferInsert,
          'displayName' | 'language' | 'roles' | 'tenantId' | 'suspendedAt' | 'passwordHash' | 'mustChangePassword'
        >
      >,
    ): Promise<void> {
      await db
        .update(accounts)
        .set({
          ...values,
          ...(values.passwordHash ? { passwordChangedAt: sql`now()` } : {}),
          version: sql`${accounts.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(accounts.id, id));
    },

    /** One account as superadmins read it; with `lock`, its row is held until the transaction ends. */
    async admin(id: string, lock = false): Promise<AdminAccountRow | undefined> {
      const query = db
        .select(adminColumns)
        .from(accounts)
        .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
        .where(eq(accounts.id, id));
      const [row] = lock ? await query.for('update', { of: accounts }) : await query;
      return row;
    },

    /**
     * Superadmins' list across tenants: a search in usernames and display names, a tenant and a
     * state to narrow it, newest first or by username, a keyset page at a time.
     */
    async list(query: AccountsListQuery) {
      const byName = query.sort === 'username';
      const page = keyset({
        tag: `accounts-${query.sort}`,
        key: byName ? sql`lower(${accounts.username})` : sql`${accounts.createdAt}`,
        keyType: byName ? 'text' : 'timestamp',
        id: accounts.id,
        idType: 'uuid',
        ascending: byName,
        cursor: query.cursor,
        limit: query.limit,
      });
      const q = query.q?.trim();
      const pattern = q ? `%${escapeLike(q)}%` : undefined;
      const rows = await db
        .select({ ...adminColumns, cursorKey: page.keyColumn })
        .from(accounts)
        .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
        .where(
          and(
            pattern ? or(ilike(accounts.username, pattern), ilike(accounts.displayName, pattern)) : undefined,
            query.tenant ? eq(tenants.slug, query.tenant) : undefined,
            query.state === undefined
              ? undefined
              : query.state === 'suspended'
                ? isNotNull(accounts.suspendedAt)
                : isNull(accounts.suspendedAt),
            page.after,
          ),
        )
        .orderBy(...page.orderBy)
        .limit(page.take);
      return page.page(rows);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
