import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LedgerReference } from '@tolk/shared/schemas/ledger';
import { accountPageRoutes } from './account-page.routes';
import { createLedgerRepository } from './ledger.repository';
import { ledgerRoutes } from './ledger.routes';
import { createLedgerService, type LedgerService } from './ledger.service';

/** The ledger: its routes, the member's account page, and `app.ledger` for the modules that move money. */
export const ledgerPlugin = fp(
  async (app: FastifyInstance) => {
    const accounts = app.accounts;
    const ledger = createLedgerService({
      repo: createLedgerRepository(app.db),
      tenantOf: async (accountId) => (await accounts.findById(accountId))?.tenantId,
      referenceTitles: async (reader, references) => {
        const idsOf = (type: LedgerReference['type']) =>
          references.filter((reference) => reference.type === type).map((reference) => reference.id);
        const [orders, plans] = await Promise.all([
          app.orders.names(reader, idsOf('order')),
          app.subscriptions.planNames(reader, idsOf('subscription')),
        ]);
        return (reference) =>
          (reference.type === 'order' ? orders : reference.type === 'subscription' ? plans : undefined)?.get(
            reference.id,
          ) ?? null;
      },
    });
    app.decorate('ledger', ledger);
    await app.register(ledgerRoutes, { prefix: '/api', service: ledger });
    await app.register(accountPageRoutes, {
      prefix: '/api',
      ledger,
      accounts,
      subscriptionOf: (accountId: string) => app.subscriptions.currentOf(accountId),
    });
  },
  {
    name: 'ledger',
    dependencies: ['db', 'auth', 'accounts', 'orders', 'subscriptions'],
    decorators: { fastify: ['accounts', 'orders', 'subscriptions'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Transfers, reversals and balances, for the modules that move money (orders and payments). */
    ledger: LedgerService;
  }
}
