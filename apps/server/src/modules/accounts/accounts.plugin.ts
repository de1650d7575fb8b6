import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { createSessionsRepository } from '../../plugins/sessions.repository';
import { createAuditRepository, type AuditRepository } from './audit.repository';
import { createAccountsAdminService, type AccountsAdminService } from './accounts-admin.service';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, type AccountCreated, type AccountsService } from './accounts.service';
import { tenantsRoutes } from './tenants.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Accounts and tenants as other modules use them (`findById`, `publicTenantId`...), and
     * `admin`, the superadmins' changes (an upheld report suspends through it).
     */
    accounts: AccountsService & {
      admin: AccountsAdminService;
      /** The audit log written with `tx`, the transaction of a superadmin's change elsewhere (a reference hidden). */
      auditIn: (tx: Database) => Pick<AuditRepository, 'record'>;
    };
  }
}

/** Accounts, tenants and the superadmins' management of both, each change audited. */
export const accountsPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      /** What is made with every account, in its transaction (profiles' `emptyProfile`), handed in from above. */
      accountCreated: AccountCreated;
    },
  ) => {
    const admin = createAccountsAdminService({
      db: app.db,
      accountCreated: options.accountCreated,
      // A revocation is written in the change's own transaction, through the auth plugin's sessions.
      sessionsIn: (db) => createSessionsRepository(db),
      // Their sockets close with them (the realtime plugin listens).
      revoked: (revoked) => {
        // Whatever the edit was (roles, name, suspension), its callers are read afresh.
        app.accountChanged(revoked.accountId);
        app.sessionsRevoked(revoked);
      },
    });
    app.decorate('accounts', { ...createAccountsService(app.db), admin, auditIn: (tx) => createAuditRepository(tx) });
    await app.register(accountsRoutes, { prefix: '/api', service: admin });
    await app.register(tenantsRoutes, { prefix: '/api', service: admin });
  },
  { name: 'accounts', dependencies: ['db', 'auth'] },
);
