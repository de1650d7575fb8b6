import type { PaymentProviderId } from '@tolk/shared/payments';
import type { Database } from '../../db/client';
import { databaseErrorOf } from '../../errors';
import { createAccountsService } from '../accounts';
import {
  createSubscriptionsRepository,
  type PaidPeriod,
  type SubscriptionRow,
  type SubscriptionsRepository,
} from './subscriptions.repository';

/**
 * What a member is told of their subscription, by the change that made it: `renewed` (a period
 * after the first was paid), `failing` (the provider could not take a renewal), `ending`
 * (cancelled, runs out at `periodEnd`).
 */
export interface SubscriptionNotice {
  event: 'renewed' | 'failing' | 'ending';
  subscriptionId: string;
  accountId: string;
  planName: string;
  periodEnd: Date | null;
}

/** What a change did that the member hears of, from the row as it was (locked) and as it is. */
export function noticeOf(before: SubscriptionRow, after: SubscriptionRow): SubscriptionNotice['event'] | null {
  const renewed =
    before.state === 'active' &&
    before.currentPeriodEnd !== null &&
    after.currentPeriodEnd !== null &&
    after.currentPeriodEnd > before.currentPeriodEnd;
  if (renewed) return 'renewed';
  if (after.state === 'active' && after.renewalFailingSince !== null && before.renewalFailingSince === null) {
    return 'failing';
  }
  if (after.state === 'active' && after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) return 'ending';
  return null;
}

/**
 * What the payments do to subscriptions: read them, apply paid periods, link, cancel and end them.
 * Each change runs in one transaction with the member's subscribed_until, which the accounts
 * module keeps (through its service), so activeSubscriber (subscribed_until > now()) never
 * disagrees with the subscriptions; `changed` is told after it commits (the member's callers
 * carry activeSubscriber). The row is locked before it changes, so of two changes at once (a
 * webhook and its redelivery, the renewer on two servers) only the one that moved it is `notice`d.
 */
export function subscriptionRecords(
  db: Database,
  changed: (accountId: string) => void = () => undefined,
  notice: (notice: SubscriptionNotice) => void = () => undefined,
) {
  const repo = createSubscriptionsRepository(db);

  async function change(
    id: string,
    write: (repo: SubscriptionsRepository) => Promise<SubscriptionRow | undefined>,
  ): Promise<SubscriptionRow | undefined> {
    const { row, event } = await db.transaction(async (tx) => {
      const inTx = createSubscriptionsRepository(tx);
      const before = await inTx.locked(id);
      const changedRow = await write(inTx);
      if (changedRow) {
        const until = await inTx.activeUntil(changedRow.accountId);
        await createAccountsService(tx).setSubscribedUntil(changedRow.accountId, until);
      }
      return { row: changedRow, event: before && changedRow ? noticeOf(before, changedRow) : null };
    });
    if (row) changed(row.accountId);
    if (row && event) {
      const found = await repo.byId(row.id);
      notice({
        event,
        subscriptionId: row.id,
        accountId: row.accountId,
        planName: found?.plan.name ?? '',
        periodEnd: row.currentPeriodEnd,
      });
    }
    return row;
  }

  return {
    byId: (id: string) => repo.byId(id),
    mine: (accountId: string, id: string) => repo.mine(accountId, id),
    byProviderRef: (provider: PaymentProviderId, ref: string) => repo.byProviderRef(provider, ref),
    due: (now: Date, limit?: number) => repo.due(now, limit),

    /**
     * A paid period applied (subscriptions.repository.ts `paidPeriod`). 'taken' when the member
     * has another active subscription (one at a time), 'dropped' when the member cancelled it
     * before any period of it was paid: the caller gives the money back either way.
     *
     * Why 'dropped' gives the money back rather than making it active (cancelled at the period's
     * end): cancelling an unpaid subscription answers `ended` at once, so the member has been told
     * it is over; the charge that comes through afterwards (the payment was still at the provider)
     * is then money for something they dropped, as a payment settling after its order was
     * cancelled is (settlement.ts gives that back too). Checked in the same statement that makes
     * it active, so the cancel and the charge cannot both win. A subscription that ended after a
     * paid period is not 'dropped': a provider's late word of a paid renewal still brings it back.
     */
    async paidPeriod(id: string, period: PaidPeriod): Promise<SubscriptionRow | 'taken' | 'dropped' | undefined> {
      try {
        const row = await change(id, (inTx) => inTx.paidPeriod(id, period));
        if (row) return row;
        return (await repo.byId(id)) ? 'dropped' : undefined;
      } catch (error) {
        if (databaseErrorOf(error)?.constraint === 'subscriptions_active_key') return 'taken';
        throw error;
      }
    },

    /** Notes the provider's subscription id (Stripe's sub_… once its checkout completed). */
    linkProvider: (id: string, provider: PaymentProviderId, ref: string) =>
      change(id, (inTx) => inTx.linkProvider(id, provider, ref)),

    /** Cancel at the period's end (or take that back), while it runs. */
    setCancelAtPeriodEnd: (id: string, cancel: boolean) => change(id, (inTx) => inTx.setCancelAtPeriodEnd(id, cancel)),

    /** The provider says it is failing to take a renewal, or no longer is. */
    renewalFailing: (id: string, failing: boolean) => change(id, (inTx) => inTx.renewalFailing(id, failing)),

    /** Over now: an unpaid one dropped, a cancelled one out of its period, or ended at the provider. */
    end: (id: string, from?: SubscriptionRow['state'][]) => change(id, (inTx) => inTx.end(id, from)),
  };
}
export type SubscriptionRecords = ReturnType<typeof subscriptionRecords>;
