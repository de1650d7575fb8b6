import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_PAGE_ENTRIES, accountPageSchema, type AccountPage } from '@tolk/shared/schemas/ledger';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { AppError } from '../../errors';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import type { AccountsService } from '../accounts';
import type { LedgerService } from './ledger.service';

/** The signed-in member's own account page: who they are, their subscription, balances and latest entries. */
export async function accountPageRoutes(
  app: FastifyInstance,
  options: {
    ledger: LedgerService;
    accounts: Pick<AccountsService, 'findById'>;
    subscriptionOf: (accountId: string) => Promise<Subscription | null>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account/page',
    {
      schema: {
        tags: ['ledger'],
        summary: 'My account page: profile summary, subscription, balances and my latest 10 entries',
        response: { 200: accountPageSchema, ...errorResponses(401, 403) },
      },
      config: { auth: 'required' },
    },
    async (request): Promise<AccountPage> => {
      const caller = callerOf(request);
      const [account, balances, transactions, subscription] = await Promise.all([
        options.accounts.findById(caller.accountId),
        options.ledger.balances(caller),
        options.ledger.latest(caller, ACCOUNT_PAGE_ENTRIES),
        options.subscriptionOf(caller.accountId),
      ]);
      if (!account) throw new AppError('unauthorized', SERVER_MESSAGES.accountGone);
      return {
        profile: {
          id: account.id,
          username: account.username,
          displayName: account.displayName,
          language: account.language,
          tenant: account.tenant,
          roles: account.roles,
          avatarUrl: avatarUrlOf(account.avatarId),
          createdAt: account.createdAt.toISOString(),
        },
        subscription,
        balances: balances.items,
        transactions,
      };
    },
  );
}
