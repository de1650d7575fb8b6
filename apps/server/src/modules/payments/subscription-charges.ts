import type { PaymentProviderId } from '@tolk/shared/payments';
import type { PaymentFailure } from '@tolk/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { LedgerParty, LedgerService } from '../ledger';
import type { SubscriptionRecords } from '../subscriptions';
import { periodEnd } from '../subscriptions';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import type { ConfiguredProviders } from './providers/configured';
import type { ProviderSubscription, SubscriptionCharge } from './providers/provider';
import { MONEY_FROM, PROVIDER_NAMES } from './settlement';

/** The memo of the reversals that give a refused charge back, by why. */
const GIVEN_BACK = {
  already_subscribed: 'Given back: another subscription is running',
  subscription_cancelled: 'Given back: the subscription was cancelled before this payment came through',
} as const satisfies Partial<Record<PaymentFailure, string>>;

export interface SubscriptionChargesDeps {
  repo: PaymentsRepository;
  subscriptions: SubscriptionRecords;
  ledger: Pick<LedgerService, 'transfer' | 'reverse' | 'transferByKey'>;
  providers: ConfiguredProviders;
  log: FastifyBaseLogger;
}

/**
 * A subscription's money: each period's charge, whichever way it comes (the sandbox's card form,
 * the payer's return from Stripe or PayPal, their webhooks, the sandbox's renewals), is two ledger
 * transfers keyed by the provider's id of the charge (the provider's money to the member, the
 * member's payment to the platform's subscriptions account), then the period applied. Any of them
 * may run again or at once with another: the keys and greatest() keep it once.
 */
export function createSubscriptionCharges(deps: SubscriptionChargesDeps) {
  const { repo, subscriptions, ledger, providers } = deps;
  const keyOf = (provider: PaymentProviderId, chargeRef: string, leg: string) =>
    `subscription:${provider}:${chargeRef}:${leg}`;

  function legsOf(accountId: string, provider: PaymentProviderId, charge: SubscriptionCharge) {
    const member: LedgerParty = { memberId: accountId };
    return [
      {
        leg: 'in',
        from: { system: MONEY_FROM[provider] } as LedgerParty,
        to: member,
        kind: 'payment' as const,
        memo: `Paid with ${PROVIDER_NAMES[provider]} (${charge.chargeRef})`,
      },
      {
        leg: 'plan',
        from: member,
        to: { system: 'platform_subscriptions' } as LedgerParty,
        kind: 'payment' as const,
        memo: 'Subscription',
      },
    ];
  }

  /**
   * The money of a charge the member cannot have (`why`): the transfers reversed, the provider's
   * refund, and the provider's subscription told to stop renewing, so it takes no more of it. A
   * provider that does not answer fails the call, as an order's give-back does: a webhook is then
   * tried again, and each step, keyed, happens once.
   */
  async function giveBack(
    subscriptionId: string,
    accountId: string,
    provider: PaymentProviderId,
    charge: SubscriptionCharge,
    providerSubscriptionRef: string | null,
    why: keyof typeof GIVEN_BACK,
  ): Promise<string | null> {
    for (const leg of legsOf(accountId, provider, charge).reverse()) {
      const original = await ledger.transferByKey(keyOf(provider, charge.chargeRef, leg.leg));
      if (!original) continue;
      await ledger.reverse({
        transferId: original.id,
        idempotencyKey: keyOf(provider, charge.chargeRef, `${leg.leg}:back`),
        memo: GIVEN_BACK[why],
      });
    }
    if (provider === 'sandbox') return null;
    const redirect = providers.redirect(provider);
    if (!redirect)
      throw new AppError('unavailable', `${PROVIDER_NAMES[provider]} is not configured: the refund cannot be made.`);
    try {
      const { refundRef } = await redirect.refund(
        charge.chargeRef,
        charge.amountMinor,
        charge.currency,
        `refund-subscription-${charge.chargeRef}`,
      );
      if (providerSubscriptionRef) await redirect.cancelSubscription(providerSubscriptionRef);
      return refundRef;
    } catch (error) {
      deps.log.error({ err: error, subscriptionId, chargeRef: charge.chargeRef }, 'subscription refund failed');
      throw new AppError(
        'unavailable',
        `${PROVIDER_NAMES[provider]} is not answering right now: the refund will be made when this is tried again.`,
      );
    }
  }

  /**
   * One period's charge applied: the money, then the period; the first period's payment (when
   * given) succeeded with it. A second running subscription is refused, and so is one the member
   * cancelled before it was paid: its money goes back.
   */
  async function apply(
    subscriptionId: string,
    provider: PaymentProviderId,
    charge: SubscriptionCharge,
    providerSubscriptionRef: string | null,
    payment?: PaymentRow,
  ): Promise<void> {
    const found = await subscriptions.byId(subscriptionId);
    if (!found) throw new Error(`no subscription ${subscriptionId}`);
    const { accountId } = found.subscription;
    for (const leg of legsOf(accountId, provider, charge)) {
      await ledger.transfer({
        from: leg.from,
        to: leg.to,
        amount: charge.amountMinor,
        currency: charge.currency,
        kind: leg.kind,
        memo: leg.memo,
        reference: { type: 'subscription', id: subscriptionId },
        idempotencyKey: keyOf(provider, charge.chargeRef, leg.leg),
      });
    }
    const applied = await subscriptions.paidPeriod(subscriptionId, {
      provider,
      providerSubscriptionRef,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
    });
    if (applied === 'taken' || applied === 'dropped') {
      const why = applied === 'taken' ? 'already_subscribed' : 'subscription_cancelled';
      const refundRef = await giveBack(
        subscriptionId,
        accountId,
        provider,
        charge,
        providerSubscriptionRef ?? found.subscription.providerSubscriptionRef,
        why,
      );
      if (payment) await repo.givenBack(payment.id, why, refundRef);
      return;
    }
    if (payment) await repo.succeeded(payment.id, charge.chargeRef);
  }

  return {
    apply,

    /** The sandbox's first period: from now, charged under the payment's own id. */
    async sandboxFirstPeriod(payment: PaymentRow, interval: 'month' | 'year', now = new Date()): Promise<void> {
      await apply(
        payment.subscriptionId!,
        'sandbox',
        {
          chargeRef: payment.chargeRef ?? `sandbox-${payment.id}`,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          periodStart: now,
          periodEnd: periodEnd(now, interval),
        },
        null,
        payment,
      );
    },

    /**
     * What a provider says of a subscription (a webhook, or the payer's return): its id linked,
     * a charge applied (with the open first payment, if there is one), cancel-at-period-end as
     * it says, ended when it ended. Not one of ours: nothing.
     */
    async fromProvider(provider: PaymentProviderId, said: ProviderSubscription, payment?: PaymentRow): Promise<void> {
      const ownId =
        said.tolkId && (await subscriptions.byId(said.tolkId))
          ? said.tolkId
          : said.providerRef
            ? await subscriptions.byProviderRef(provider, said.providerRef)
            : undefined;
      if (!ownId) return;
      if (said.providerRef) await subscriptions.linkProvider(ownId, provider, said.providerRef);
      if (said.charge) {
        const first = payment ?? (await repo.openFor({ subscriptionId: ownId }, provider));
        await apply(ownId, provider, said.charge, said.providerRef, first);
      }
      // Cancelled with paid time left (PayPal keeps it): runs out at its end, as a cancel here does.
      const paidTimeLeft = said.currentPeriodEnd !== null && said.currentPeriodEnd > new Date();
      if (said.state === 'ended' && !(said.cancelAtPeriodEnd && paidTimeLeft)) await subscriptions.end(ownId);
      else if (said.state !== 'pending') {
        await subscriptions.setCancelAtPeriodEnd(ownId, said.cancelAtPeriodEnd);
        // A paid charge in the same word has cleared it already (paidPeriod); a failing renewal is told once, when it starts.
        if (said.renewalFailing !== undefined && !said.charge) {
          await subscriptions.renewalFailing(ownId, said.renewalFailing);
        }
      }
    },

    /**
     * Periods that ran out: a cancelled subscription ends; a sandbox one renews (the test card
     * that paid keeps paying), one period a pass, keyed by the period so two servers renew once.
     */
    async renewDue(now = new Date()): Promise<number> {
      let done = 0;
      for (const due of await subscriptions.due(now)) {
        if (due.cancelAtPeriodEnd) await subscriptions.end(due.id, ['active']);
        else {
          const start = due.currentPeriodEnd!;
          await apply(
            due.id,
            'sandbox',
            {
              chargeRef: `sandbox-renewal-${due.id}-${start.toISOString()}`,
              amountMinor: due.amountMinor,
              currency: due.currency,
              periodStart: start,
              periodEnd: periodEnd(start, due.interval),
            },
            null,
          );
        }
        done += 1;
      }
      return done;
    },
  };
}
export type SubscriptionCharges = ReturnType<typeof createSubscriptionCharges>;
