import {
  ApiError,
  ApplicationContextUserAction,
  CaptureStatus,
  ExperienceContextShippingPreference,
  IntervalUnit,
  PlanRequestStatus,
  SubscriptionPlanStatus,
  SubscriptionStatus,
  SubscriptionsController,
  TenureType,
  type BillingPlan,
  type Client,
  type Subscription,
  type SubscriptionBillingCycle,
} from '@paypal/paypal-server-sdk';
import { minorDigits } from '@tolk/shared/currencies';
import { PaypalRestError, type PaypalRest } from './paypal-rest';
import {
  majorAmount,
  minorAmount,
  type Checkout,
  type ProviderSubscription,
  type SubscriptionCharge,
  type SubscriptionCheckoutRequest,
} from './provider';

type Frequency = SubscriptionBillingCycle['frequency'];

const DAY = 24 * 3600 * 1000;
const UNITS = { month: IntervalUnit.Month, year: IntervalUnit.Year } as const;

/** One billing cycle on from `start`, as the plan's frequency counts it. */
function cycleEnd(start: Date, { intervalUnit, intervalCount = 1 }: Frequency): Date {
  const end = new Date(start);
  if (intervalUnit === IntervalUnit.Day) end.setUTCDate(end.getUTCDate() + intervalCount);
  else if (intervalUnit === IntervalUnit.Week) end.setUTCDate(end.getUTCDate() + 7 * intervalCount);
  else if (intervalUnit === IntervalUnit.Month) end.setUTCMonth(end.getUTCMonth() + intervalCount);
  else end.setUTCFullYear(end.getUTCFullYear() + intervalCount);
  return end;
}

const regularCycle = (cycles: SubscriptionBillingCycle[] | undefined) =>
  cycles?.find((cycle) => cycle.tenureType === TenureType.Regular);

function subscriptionState(status: SubscriptionStatus | undefined): ProviderSubscription['state'] {
  switch (status) {
    case SubscriptionStatus.Active:
      return 'active';
    case SubscriptionStatus.Suspended:
    case SubscriptionStatus.Cancelled:
    case SubscriptionStatus.Expired:
      return 'ended';
    case SubscriptionStatus.ApprovalPending:
    case SubscriptionStatus.Approved:
    case undefined:
      return 'pending';
  }
}

/** Money PayPal took: a completed sale (later refunds are the ledger's business, not the period's). */
const TAKEN = new Set<string>([CaptureStatus.Completed, CaptureStatus.PartiallyRefunded, CaptureStatus.Refunded]);

/** A sale of a subscription as PAYMENT.SALE.COMPLETED carries it (PayPal's v1 payments shape). */
interface Sale {
  id?: string;
  billing_agreement_id?: string;
  custom?: string;
  amount?: { total?: string; currency?: string };
  create_time?: string;
}

/**
 * PayPal Subscriptions for Tolk's plans: a catalog product per plan and a billing plan per price
 * (found again at PayPal after a restart, made once otherwise), the subscription with its approval
 * page, read back with its plan and last sale, cancelled; and the subscription events of the webhook.
 *
 * The charge of a period is named by its sale's id (the transaction id), both when read (listing the
 * subscription's transactions) and in PAYMENT.SALE.COMPLETED, so the same money reported twice has
 * one chargeRef. Its period runs one billing cycle of the plan from the sale.
 */
export function paypalSubscriptions(client: Client, rest: PaypalRest) {
  const subscriptions = new SubscriptionsController(client);
  /** Billing plan ids by plan, price, currency and interval; the promise, so concurrent checkouts make one. */
  const plans = new Map<string, Promise<string>>();
  const products = new Map<string, Promise<string>>();

  /** The catalog product of a Tolk plan, its id made from ours so it is found again after a restart. */
  function product(planId: string, planName: string): Promise<string> {
    const id = `TOLK-${planId}`;
    let found = products.get(id);
    if (!found) {
      found = (async () => {
        try {
          await rest('GET', `/v1/catalogs/products/${encodeURIComponent(id)}`);
        } catch (error) {
          if (!(error instanceof PaypalRestError) || error.statusCode !== 404) throw error;
          await rest('POST', '/v1/catalogs/products', {
            requestId: `product-${planId}`,
            body: { id, name: planName.slice(0, 127), type: 'SERVICE' },
          });
        }
        return id;
      })();
      products.set(id, found);
      found.catch(() => products.delete(id));
    }
    return found;
  }

  const pricedAs = (plan: BillingPlan, request: SubscriptionCheckoutRequest) => {
    const cycle = regularCycle(plan.billingCycles);
    const price = cycle?.pricingScheme?.fixedPrice;
    return (
      plan.status === SubscriptionPlanStatus.Active &&
      cycle?.frequency.intervalUnit === UNITS[request.interval] &&
      (cycle.frequency.intervalCount ?? 1) === 1 &&
      price?.currencyCode === request.currency &&
      minorAmount(price.value, minorDigits(request.currency)) === request.amountMinor
    );
  };

  /** An active billing plan of the product at this price, looked up page by page (a plan has few prices). */
  async function existingPlan(productId: string, request: SubscriptionCheckoutRequest): Promise<string | undefined> {
    for (let page = 1; ; page += 1) {
      const { result } = await subscriptions.listBillingPlans({
        productId,
        page,
        pageSize: 20,
        totalRequired: true,
        // The whole plan, billing cycles included, not only its summary.
        prefer: 'return=representation',
      });
      const match = result.plans?.find((plan) => pricedAs(plan, request));
      if (match?.id) return match.id;
      if (page >= (result.totalPages ?? 1)) return undefined;
    }
  }

  function billingPlan(request: SubscriptionCheckoutRequest): Promise<string> {
    const key = `${request.planId}-${request.amountMinor}-${request.currency}-${request.interval}`;
    let found = plans.get(key);
    if (!found) {
      found = (async () => {
        const productId = await product(request.planId, request.planName);
        const existing = await existingPlan(productId, request);
        if (existing) return existing;
        const value = majorAmount(request.amountMinor, minorDigits(request.currency));
        const { result } = await subscriptions.createBillingPlan({
          paypalRequestId: `plan-${key}`,
          prefer: 'return=representation',
          body: {
            productId,
            name: `${request.planName} (${value} ${request.currency} / ${request.interval})`.slice(0, 127),
            status: PlanRequestStatus.Active,
            billingCycles: [
              {
                frequency: { intervalUnit: UNITS[request.interval], intervalCount: 1 },
                tenureType: TenureType.Regular,
                sequence: 1,
                // Renews until cancelled.
                totalCycles: 0,
                pricingScheme: { fixedPrice: { currencyCode: request.currency, value } },
              },
            ],
            paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 3 },
          },
        });
        if (!result.id) throw new Error('PayPal gave no billing plan id');
        return result.id;
      })();
      plans.set(key, found);
      found.catch(() => plans.delete(key));
    }
    return found;
  }

  /** The subscription with its plan (the billing cycle's length is the plan's). */
  async function read(id: string): Promise<{ subscription: Subscription; frequency: Frequency | undefined }> {
    const { result } = await subscriptions.getSubscription({ id, fields: 'plan' });
    return { subscription: result, frequency: regularCycle(result.plan?.billingCycles)?.frequency };
  }

  /** The period a payment at `time` pays for: one billing cycle (else up to the next billing). */
  function period(time: string, frequency: Frequency | undefined, subscription: Subscription) {
    const periodStart = new Date(time);
    const next = subscription.billingInfo?.nextBillingTime;
    const periodEnd = frequency ? cycleEnd(periodStart, frequency) : next ? new Date(next) : null;
    if (!periodEnd) throw new Error(`PayPal subscription ${subscription.id ?? ''} has no billing cycle`);
    return { periodStart, periodEnd };
  }

  function stateOf(
    subscription: Subscription,
    frequency: Frequency | undefined,
    charge: SubscriptionCharge | null,
  ): ProviderSubscription {
    const billing = subscription.billingInfo;
    const lastPaid = billing?.lastPayment?.time;
    return {
      tolkId: subscription.customId ?? null,
      providerRef: subscription.id ?? null,
      state: subscriptionState(subscription.status),
      // A cancelled subscription has no next billing: its paid time runs to the end of the last cycle.
      currentPeriodEnd: billing?.nextBillingTime
        ? new Date(billing.nextBillingTime)
        : lastPaid && frequency
          ? cycleEnd(new Date(lastPaid), frequency)
          : null,
      cancelAtPeriodEnd: subscription.status === SubscriptionStatus.Cancelled,
      renewalFailing: (billing?.failedPaymentsCount ?? 0) > 0,
      charge,
    };
  }

  /** The last payment as its sale: PayPal's last_payment has no id, the subscription's transactions do. */
  async function lastCharge(subscription: Subscription, frequency: Frequency | undefined) {
    const time = subscription.billingInfo?.lastPayment?.time;
    if (!subscription.id || !time) return null;
    // A day either side of the last payment's time: its sale, whatever the clocks' skew.
    const paidAt = Date.parse(time);
    const { result } = await subscriptions.listSubscriptionTransactions({
      id: subscription.id,
      startTime: new Date(paidAt - DAY).toISOString(),
      endTime: new Date(paidAt + DAY).toISOString(),
    });
    const sale = (result.transactions ?? [])
      .filter((transaction) => !transaction.status || TAKEN.has(transaction.status))
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
    // Not listed yet: no charge to report now; PAYMENT.SALE.COMPLETED brings it with the same id.
    if (!sale) return null;
    const { currencyCode, value } = sale.amountWithBreakdown.grossAmount;
    return {
      chargeRef: sale.id,
      amountMinor: minorAmount(value, minorDigits(currencyCode)),
      currency: currencyCode,
      ...period(sale.time, frequency, subscription),
    };
  }

  async function subscribe(request: SubscriptionCheckoutRequest): Promise<Checkout> {
    const planId = await billingPlan(request);
    const { result } = await subscriptions.createSubscription({
      paypalRequestId: `subscribe-${request.paymentId}`,
      prefer: 'return=representation',
      body: {
        planId,
        customId: request.subscriptionId,
        applicationContext: {
          returnUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          userAction: ApplicationContextUserAction.SubscribeNow,
          shippingPreference: ExperienceContextShippingPreference.NoShipping,
        },
      },
    });
    const approve = result.links?.find((link) => link.rel === 'approve');
    if (!result.id || !approve) throw new Error('PayPal gave no approval page');
    return { providerRef: result.id, redirectUrl: approve.href };
  }

  async function subscription(ref: string): Promise<ProviderSubscription> {
    const { subscription: found, frequency } = await read(ref);
    return stateOf(found, frequency, await lastCharge(found, frequency));
  }

  async function cancelSubscription(ref: string): Promise<void> {
    try {
      // PayPal bills no more and the subscription reads CANCELLED at once, but the subscriber keeps
      // what they paid for: the service runs to the end of the last paid cycle (currentPeriodEnd).
      await subscriptions.cancelSubscription({ id: ref, body: { reason: 'Cancelled by the member on Tolk' } });
    } catch (error) {
      // Asked again for one that has already ended (a retried request): nothing left to stop.
      if (!(error instanceof ApiError) || error.statusCode !== 422) throw error;
      const { subscription: found } = await read(ref);
      if (found.status !== SubscriptionStatus.Cancelled && found.status !== SubscriptionStatus.Expired) throw error;
    }
  }

  /** What a webhook event says of a subscription, read back from PayPal; undefined when it is not about one. */
  async function subscriptionEvent(
    type: string,
    resource: Record<string, unknown>,
  ): Promise<ProviderSubscription | null | undefined> {
    if (type.startsWith('BILLING.SUBSCRIPTION.')) {
      if (
        !['ACTIVATED', 'RE-ACTIVATED', 'CANCELLED', 'EXPIRED', 'SUSPENDED'].includes(
          type.slice('BILLING.SUBSCRIPTION.'.length),
        )
      )
        return undefined;
      return typeof resource.id === 'string' ? subscription(resource.id) : null;
    }
    if (type !== 'PAYMENT.SALE.COMPLETED') return undefined;
    const sale = resource as Sale;
    // A sale of no subscription (a one-off payment of the older APIs).
    if (!sale.billing_agreement_id) return undefined;
    const { subscription: found, frequency } = await read(sale.billing_agreement_id);
    const currency = sale.amount?.currency ?? '';
    if (!sale.id || !sale.create_time || !currency || !sale.amount?.total) return stateOf(found, frequency, null);
    const state = stateOf(found, frequency, {
      chargeRef: sale.id,
      amountMinor: minorAmount(sale.amount.total, minorDigits(currency)),
      currency,
      ...period(sale.create_time, frequency, found),
    });
    return { ...state, tolkId: state.tolkId ?? sale.custom ?? null };
  }

  return { subscribe, subscription, cancelSubscription, event: subscriptionEvent };
}
