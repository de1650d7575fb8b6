import type { z } from 'zod';
import { isSuperAdmin, PUBLIC_TENANT, ROOT_TENANT } from '@tolk/shared/roles';
import {
  ACCOUNT_SESSIONS_MAX,
  type AccountSession,
  type AccountsPage,
  type AdminAccount,
  type AuditPage,
  type auditQuerySchema,
  type createAccountInputSchema,
  type CreatedAccount,
  type createTenantInputSchema,
  type PasswordReset,
  type Tenant,
  type updateAccountInputSchema,
} from '@tolk/shared/schemas/accounts-admin';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Database } from '../../db/client';
import type { AuditState } from '../../db/schema/accounts';
import { AppError, fieldError, forbidden, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import type { MemberCaller, RevokedSessions } from '../../plugins/auth';
import { assertAcceptablePassword, hashPassword, oneTimePassword } from './passwords';
import { createAccountsRepository, type AccountsListQuery, type AdminAccountRow } from './accounts.repository';
import { createAccountsService, type AccountCreated } from './accounts.service';
import { createAuditRepository } from './audit.repository';
import { createTenantsRepository } from './tenants.repository';

type UpdateAccountInput = z.output<typeof updateAccountInputSchema>;
type AuditQuery = z.output<typeof auditQuerySchema>;

/** An account's sessions, as the auth module keeps them; `sessionsIn` binds them to a transaction. */
export interface AccountSessions {
  liveOf(
    accountId: string,
    limit: number,
  ): Promise<
    { id: string; createdAt: Date; lastSeenAt: Date | null; expiresAt: Date; userAgent: string; ip: string }[]
  >;
  /** Returns the id it revoked, or nothing when it was no live session of the account. */
  revokeOf(accountId: string, sessionId: string): Promise<string[]>;
  revokeAll(accountId: string): Promise<string[]>;
}

export interface AccountsAdminDeps {
  db: Database;
  sessionsIn: (db: Database) => AccountSessions;
  /** What is made with a new account in its transaction (its profile). */
  accountCreated: AccountCreated;
  /** Told after the commit, so the sockets of revoked sessions close (app.sessionsRevoked). */
  revoked: (revoked: RevokedSessions) => void;
}

/** The tenants nobody removes: the site's own and the one members register in. */
const PERMANENT_TENANTS: readonly string[] = [ROOT_TENANT, PUBLIC_TENANT];

export function adminAccountOf(row: AdminAccountRow): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    language: row.language,
    roles: row.roles,
    tenant: row.tenant,
    superAdmin: isSuperAdmin(row),
    state: row.suspendedAt ? 'suspended' : 'active',
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    mustChangePassword: row.mustChangePassword,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** What the audit keeps of an account: what an admin sees and changes, never a password. */
const auditStateOf = (row: AdminAccountRow): AuditState => ({
  username: row.username,
  displayName: row.displayName,
  language: row.language,
  roles: row.roles,
  tenant: row.tenant,
  state: row.suspendedAt ? 'suspended' : 'active',
  mustChangePassword: row.mustChangePassword,
});

const EDITABLE = ['displayName', 'language', 'roles', 'tenant'] as const;

type AuditRows = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['pageOf']>>;

/** An audit page as admins read it (an account's or the tenants'). */
function auditPageOf(page: AuditRows): AuditPage {
  return {
    items: page.rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action as AuditPage['items'][number]['action'],
      actor: { id: row.actorId, username: row.actorUsername, displayName: row.actorDisplayName },
      accountId: row.accountId,
      tenantId: row.tenantId,
      before: row.before,
      after: row.after,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Accounts and tenants as superadmins manage them. Each change and its audit row are written in
 * one transaction; sessions a change revokes are revoked in it too, and their sockets closed once
 * it has committed. A member reaches only their own account, and only to read it: any other id is
 * not found (so ids cannot be probed), and changing their own is forbidden.
 */
export function createAccountsAdminService(deps: AccountsAdminDeps) {
  const { db } = deps;
  const accounts = createAccountsRepository(db);
  const tenants = createTenantsRepository(db);
  const audit = createAuditRepository(db);

  function superAdminOnly(caller: MemberCaller) {
    if (!caller.superAdmin) throw forbidden('Only superadmins manage accounts.');
  }

  /** A change of account `id`: superadmins only; a member learns no more than that it is theirs. */
  function mayChange(caller: MemberCaller, id: string) {
    if (caller.superAdmin) return;
    if (caller.accountId === id) throw forbidden('Only superadmins manage accounts.');
    throw notFound('Account');
  }

  async function tenantIdOf(slug: string): Promise<string> {
    const id = await tenants.idOf(slug);
    if (!id) throw fieldError('tenant', 'No tenant has this name.');
    return id;
  }

  /**
   * Runs a change of one account in a transaction: its row locked and read as it was, then
   * `change` writes the new state (or returns null for no change) with `tx`, and the audit row
   * follows with the state as it became. Revoked sessions are told after the commit.
   */
  async function changeAccount(
    actorId: string,
    id: string,
    change: (
      tx: Database,
      before: AdminAccountRow,
    ) => Promise<{
      action: Parameters<typeof audit.record>[0]['action'];
      revoked?: string[];
      extra?: AuditState;
    } | null>,
  ): Promise<AdminAccountRow> {
    const { row, revoked } = await db.transaction(async (tx) => {
      const repo = createAccountsRepository(tx);
      const before = await repo.admin(id, true);
      if (!before) throw notFound('Account');
      const done = await change(tx, before);
      if (!done) return { row: before, revoked: [] };
      const after = await repo.admin(id);
      if (!after) throw new Error('account vanished inside its transaction');
      const beforeState = auditStateOf(before);
      const afterState = auditStateOf(after);
      // Only what changed, so the audit reads as a list of changes.
      const changed = Object.keys(afterState).filter((key) => afterState[key] !== beforeState[key]);
      await createAuditRepository(tx).record({
        actorId,
        accountId: id,
        action: done.action,
        before: Object.fromEntries(changed.map((key) => [key, beforeState[key]])),
        after: { ...Object.fromEntries(changed.map((key) => [key, afterState[key]])), ...done.extra },
      });
      return { row: after, revoked: done.revoked ?? [] };
    });
    deps.revoked({ accountId: id, sessionIds: revoked });
    return row;
  }

  /** Suspends an account (no sign-in, sessions revoked, sockets closed); unchanged when it already is. */
  async function suspend(actorId: string, id: string): Promise<AdminAccountRow> {
    if (actorId === id) throw new AppError('conflict', 'You cannot suspend your own account.');
    return changeAccount(actorId, id, async (tx, before) => {
      if (before.suspendedAt) return null;
      await createAccountsRepository(tx).change(id, { suspendedAt: new Date() });
      const revoked = await deps.sessionsIn(tx).revokeAll(id);
      return { action: 'account_suspended', revoked, extra: { sessionsRevoked: revoked.length } };
    });
  }

  return {
    /** Suspension as other modules ask for it (an upheld report): by a superadmin, audited like any. */
    suspend,

    async list(caller: MemberCaller, query: AccountsListQuery): Promise<AccountsPage> {
      superAdminOnly(caller);
      const page = await accounts.list(query);
      return { items: page.rows.map(adminAccountOf), nextCursor: page.nextCursor };
    },

    async get(caller: MemberCaller, id: string): Promise<AdminAccount> {
      if (!caller.superAdmin && caller.accountId !== id) throw notFound('Account');
      const row = await accounts.admin(id);
      if (!row) throw notFound('Account');
      return adminAccountOf(row);
    },

    async create(caller: MemberCaller, input: z.output<typeof createAccountInputSchema>): Promise<CreatedAccount> {
      superAdminOnly(caller);
      const tenantId = await tenantIdOf(input.tenant);
      if (input.password !== undefined) await assertAcceptablePassword('password', input.password, input.username);
      const generated = input.password === undefined ? oneTimePassword() : null;
      const passwordHash = await hashPassword(input.password ?? generated!);
      try {
        const row = await db.transaction(async (tx) => {
          const id = await createAccountsService(tx).create(
            {
              tenantId,
              username: input.username,
              passwordHash,
              displayName: input.displayName,
              language: input.language,
              roles: input.roles,
              mustChangePassword: generated !== null,
            },
            deps.accountCreated,
          );
          const created = await createAccountsRepository(tx).admin(id);
          if (!created) throw new Error('account vanished inside its transaction');
          await createAuditRepository(tx).record({
            actorId: caller.accountId,
            accountId: id,
            action: 'account_created',
            before: null,
            after: auditStateOf(created),
          });
          return created;
        });
        return { account: adminAccountOf(row), oneTimePassword: generated };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('username', SERVER_MESSAGES.usernameTaken, 'conflict');
        throw error;
      }
    },

    async update(caller: MemberCaller, id: string, input: UpdateAccountInput): Promise<AdminAccount> {
      mayChange(caller, id);
      const tenantId = input.tenant === undefined ? undefined : await tenantIdOf(input.tenant);
      const row = await changeAccount(caller.accountId, id, async (tx, before) => {
        if (before.version !== input.version) {
          throw new AppError('conflict', 'This account was changed elsewhere. Reload it to see the changes.');
        }
        const wanted = EDITABLE.filter((key) => input[key] !== undefined && input[key] !== before[key]);
        if (!wanted.length) return null;
        await createAccountsRepository(tx).change(id, {
          ...(wanted.includes('displayName') ? { displayName: input.displayName } : {}),
          ...(wanted.includes('language') ? { language: input.language } : {}),
          ...(wanted.includes('roles') ? { roles: input.roles } : {}),
          ...(wanted.includes('tenant') ? { tenantId } : {}),
        });
        return { action: 'account_updated' };
      });
      return adminAccountOf(row);
    },

    async suspendAccount(caller: MemberCaller, id: string): Promise<AdminAccount> {
      mayChange(caller, id);
      return adminAccountOf(await suspend(caller.accountId, id));
    },

    async reactivate(caller: MemberCaller, id: string): Promise<AdminAccount> {
      mayChange(caller, id);
      const row = await changeAccount(caller.accountId, id, async (tx, before) => {
        if (!before.suspendedAt) return null;
        await createAccountsRepository(tx).change(id, { suspendedAt: null });
        return { action: 'account_reactivated' };
      });
      return adminAccountOf(row);
    },

    /** A new one-time password, shown once; every session of the account is revoked. */
    async resetPassword(caller: MemberCaller, id: string): Promise<PasswordReset> {
      mayChange(caller, id);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await changeAccount(caller.accountId, id, async (tx) => {
        await createAccountsRepository(tx).change(id, { passwordHash, mustChangePassword: true });
        const revoked = await deps.sessionsIn(tx).revokeAll(id);
        // The password itself changed even when the flag was already set: the audit says so.
        return { action: 'password_reset', revoked, extra: { passwordReset: true, sessionsRevoked: revoked.length } };
      });
      return { account: adminAccountOf(row), oneTimePassword: password };
    },

    async sessions(caller: MemberCaller, id: string): Promise<{ items: AccountSession[] }> {
      mayChange(caller, id);
      if (!(await accounts.admin(id))) throw notFound('Account');
      const rows = await deps.sessionsIn(db).liveOf(id, ACCOUNT_SESSIONS_MAX);
      return {
        items: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
          expiresAt: row.expiresAt.toISOString(),
          userAgent: row.userAgent,
          ip: row.ip,
        })),
      };
    },

    async revokeSession(caller: MemberCaller, id: string, sessionId: string): Promise<void> {
      mayChange(caller, id);
      const revoked = await db.transaction(async (tx) => {
        const ids = await deps.sessionsIn(tx).revokeOf(id, sessionId);
        if (!ids.length) throw notFound('Session');
        await createAuditRepository(tx).record({
          actorId: caller.accountId,
          accountId: id,
          action: 'session_revoked',
          before: { session: sessionId, state: 'live' },
          after: { session: sessionId, state: 'revoked' },
        });
        return ids;
      });
      deps.revoked({ accountId: id, sessionIds: revoked });
    },

    async audit(caller: MemberCaller, id: string, query: AuditQuery): Promise<AuditPage> {
      mayChange(caller, id);
      if (!(await accounts.admin(id))) throw notFound('Account');
      return auditPageOf(await audit.pageOf(id, query));
    },

    /** Tenants added and removed, by whom, newest first (superadmins). */
    async tenantAudit(caller: MemberCaller, query: AuditQuery): Promise<AuditPage> {
      superAdminOnly(caller);
      return auditPageOf(await audit.tenantsPage(query));
    },

    async tenants(caller: MemberCaller): Promise<{ items: Tenant[] }> {
      superAdminOnly(caller);
      const rows = await tenants.list();
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          accounts: row.accounts,
          removable: row.accounts === 0 && !PERMANENT_TENANTS.includes(row.slug),
        })),
      };
    },

    async createTenant(caller: MemberCaller, input: z.output<typeof createTenantInputSchema>): Promise<Tenant> {
      superAdminOnly(caller);
      try {
        const row = await db.transaction(async (tx) => {
          const created = await createTenantsRepository(tx).create(input.slug, input.name);
          await createAuditRepository(tx).record({
            actorId: caller.accountId,
            tenantId: created.id,
            action: 'tenant_created',
            before: null,
            after: { slug: created.slug, name: created.name },
          });
          return created;
        });
        return {
          id: row.id,
          slug: row.slug,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          accounts: 0,
          removable: true,
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('slug', 'A tenant has this name already.', 'conflict');
        throw error;
      }
    },

    async removeTenant(caller: MemberCaller, slug: string): Promise<void> {
      superAdminOnly(caller);
      if (PERMANENT_TENANTS.includes(slug)) {
        throw new AppError('conflict', `The ${slug} tenant is part of the site and cannot be removed.`);
      }
      try {
        await db.transaction(async (tx) => {
          const repo = createTenantsRepository(tx);
          const tenant = await repo.lock(slug);
          if (!tenant) throw notFound('Tenant');
          const members = await repo.accountsIn(tenant.id);
          if (members > 0) {
            throw new AppError(
              'conflict',
              `The ${slug} tenant still has ${members} account${members === 1 ? '' : 's'}: move or remove them first.`,
            );
          }
          await createAuditRepository(tx).record({
            actorId: caller.accountId,
            tenantId: tenant.id,
            action: 'tenant_removed',
            before: { slug: tenant.slug, name: tenant.name },
            after: null,
          });
          await repo.remove(tenant.id);
        });
      } catch (error) {
        // Records, uploads or conversations still name it (an account moved away left them there).
        if (isForeignKeyViolation(error)) {
          throw new AppError('conflict', `The ${slug} tenant still holds records and cannot be removed.`);
        }
        throw error;
      }
    },
  };
}
export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;
