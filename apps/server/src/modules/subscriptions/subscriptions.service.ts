import type {
  Plan,
  PlanInput,
  PlanInterval,
  Plans,
  PlanUpdate,
  Subscription,
  SubscriptionBenefits,
  SubscriptionInput,
  SubscriptionOverview,
} from '@tolk/shared/schemas/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { MemberCaller } from '../../plugins/auth';
import type { Database } from '../../db/client';
import {
  createSubscriptionsRepository,
  type PlanWithCount,
  type SubscriptionsRepository,
  type SubscriptionWithPlan,
} from './subscriptions.repository';
import { subscriptionRecords, type SubscriptionNotice, type SubscriptionRecords } from './subscription-records';

export type { SubscriptionRow, SubscriptionWithPlan } from './subscriptions.repository';
export type { SubscriptionRecords } from './subscription-records';

/** The end of a period that starts at `start`: a calendar month or year on, the day kept where the month has it (31 Jan + 1 month = 28/29 Feb). */
export function periodEnd(start: Date, interval: PlanInterval): Date {
  const months = interval === 'month' ? 1 : 12;
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export interface SubscriptionsDeps {
  repo: SubscriptionsRepository;
  /** Its changes of subscriptions, each with the member's subscribed_until. */
  records: SubscriptionRecords;
  benefits: SubscriptionBenefits;
  /** Whether a provider is in test mode (the sandbox always). */
  testMode: (provider: NonNullable<Subscription['provider']>) => boolean;
  /** Stops the provider's renewals (Stripe, PayPal); the sandbox has none to stop. */
  cancelAtProvider: (subscription: SubscriptionWithPlan['subscription']) => Promise<void>;
  log: FastifyBaseLogger;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Plans (superadmins define them) and members' subscriptions to them: choosing one (paid through
 * the payments, as an order is), cancelling at the period's end and taking that back.
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { repo, records } = deps;

  const planView = (plan: PlanWithCount, counts: boolean): Plan => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    interval: plan.interval,
    prices: plan.prices,
    features: plan.features,
    active: plan.active,
    subscribers: counts ? plan.subscribers : 0,
    createdAt: plan.createdAt.toISOString(),
  });

  function view({ subscription: s, plan }: SubscriptionWithPlan): Subscription {
    // A cancelled period that ran out is over, whether or not the renewer has come by yet.
    const lapsed = s.state === 'active' && s.currentPeriodEnd !== null && s.currentPeriodEnd <= new Date();
    return {
      id: s.id,
      plan: { id: plan.id, name: plan.name, interval: s.interval, features: plan.features },
      state: lapsed && s.cancelAtPeriodEnd ? 'ended' : s.state,
      amountMinor: s.amountMinor,
      currency: s.currency,
      provider: s.provider,
      testMode: s.provider ? deps.testMode(s.provider) : true,
      currentPeriodStart: iso(s.currentPeriodStart),
      currentPeriodEnd: iso(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      createdAt: s.createdAt.toISOString(),
    };
  }

  const superAdminOnly = (caller: MemberCaller) => {
    if (!caller.superAdmin) throw forbidden('Only superadmins manage plans.');
  };

  async function mine(caller: MemberCaller, id: string) {
    const found = await repo.mine(caller.accountId, id);
    if (!found) throw notFound('Subscription');
    return found;
  }

  return {
    view,

    /** The member's own subscription, for the account page; null when they never subscribed. */
    async currentOf(accountId: string): Promise<Subscription | null> {
      const current = await repo.current(accountId);
      return current ? view(current) : null;
    },

    /**
     * The plan names of the subscriptions among `ids` the reader may see (their own; any for a
     * superadmin), by subscription id: the ledger names a subscription's lines by it.
     */
    async planNames(reader: MemberCaller, ids: readonly string[]): Promise<Map<string, string>> {
      return repo.planNames(reader.superAdmin ? null : reader, ids);
    },

    async overview(caller: MemberCaller): Promise<SubscriptionOverview> {
      const [current, offered] = await Promise.all([repo.current(caller.accountId), repo.plans(true)]);
      return {
        activeSubscriber: caller.activeSubscriber,
        current: current ? view(current) : null,
        plans: offered.map((plan) => planView(plan, false)),
        benefits: deps.benefits,
      };
    },

    /**
     * The member chooses a plan in one of its currencies: their unpaid subscription to it (found
     * again when asked again), which they pay next. Refused while one runs.
     */
    async subscribe(caller: MemberCaller, input: SubscriptionInput): Promise<Subscription> {
      const plan = await repo.plan(input.planId);
      if (!plan?.active) throw fieldError('planId', 'This plan is not offered.');
      const price = plan.prices.find((p) => p.currency === input.currency);
      if (!price) throw fieldError('currency', `This plan is not priced in ${input.currency}.`);
      const current = await repo.current(caller.accountId);
      if (current && view(current).state === 'active') {
        throw new AppError(
          'conflict',
          current.subscription.cancelAtPeriodEnd
            ? `Your ${current.plan.name} subscription runs until its period ends: resume it, or subscribe again once it has ended.`
            : `You already subscribe to ${current.plan.name}.`,
        );
      }
      const made = await repo.incompleteOrCreate({
        tenantId: caller.tenantId,
        accountId: caller.accountId,
        planId: plan.id,
        interval: plan.interval,
        amountMinor: price.amountMinor,
        currency: price.currency,
      });
      return view({ subscription: made, plan });
    },

    /**
     * Cancel: a running one at its period's end (the provider stops renewing first); an unpaid one
     * now. Asking again answers the same. An unpaid one's payment may still be under way at the
     * provider: coming through after this, it is given back (paidPeriod: 'dropped'); having come
     * through just before, the subscription runs, and is cancelled at its period's end like any.
     */
    async cancel(caller: MemberCaller, id: string): Promise<Subscription> {
      let { subscription } = await mine(caller, id);
      if (subscription.state === 'incomplete' && !(await records.end(subscription.id, ['incomplete']))) {
        subscription = (await repo.byId(id))!.subscription;
      }
      if (subscription.state === 'active' && !subscription.cancelAtPeriodEnd) {
        try {
          await deps.cancelAtProvider(subscription);
        } catch (error) {
          deps.log.warn({ err: error, subscriptionId: id }, 'the provider did not take the cancellation');
          throw new AppError(
            'unavailable',
            'The payment provider is not answering right now: nothing was changed, try again in a moment.',
          );
        }
        await records.setCancelAtPeriodEnd(subscription.id, true);
      }
      return view((await repo.byId(id))!);
    },

    /** Takes a cancellation back while the period runs (the sandbox's; Stripe's and PayPal's are resumed at the provider). */
    async resume(caller: MemberCaller, id: string): Promise<Subscription> {
      const found = await mine(caller, id);
      const current = view(found);
      if (current.state !== 'active') throw new AppError('conflict', 'This subscription has ended: subscribe again.');
      if (found.subscription.cancelAtPeriodEnd) {
        if (found.subscription.provider !== 'sandbox') {
          throw new AppError(
            'conflict',
            'A cancelled subscription with an outside provider cannot be resumed here: subscribe again when it ends.',
          );
        }
        await records.setCancelAtPeriodEnd(found.subscription.id, false);
      }
      return view((await repo.byId(id))!);
    },

    async plans(caller: MemberCaller): Promise<Plans> {
      superAdminOnly(caller);
      return { items: (await repo.plans(false)).map((plan) => planView(plan, true)) };
    },

    async createPlan(caller: MemberCaller, input: Required<PlanInput>): Promise<Plan> {
      superAdminOnly(caller);
      const made = await repo.createPlan(input);
      return planView({ ...made, subscribers: 0 }, true);
    },

    async updatePlan(caller: MemberCaller, id: string, patch: PlanUpdate): Promise<Plan> {
      superAdminOnly(caller);
      if (!(await repo.updatePlan(id, patch))) throw notFound('Plan');
      return planView((await repo.plan(id))!, true);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** The module as the payments plugin wires it: the service for the routes, the records for the payments. */
export function createSubscriptions(
  db: Database,
  deps: Omit<SubscriptionsDeps, 'repo' | 'records'> & {
    accountChanged?: (accountId: string) => void;
    /** What the member is told of a change (renewed, cancelled to end), after it committed. */
    notice?: (notice: SubscriptionNotice) => void;
  },
) {
  const repo = createSubscriptionsRepository(db);
  const records = subscriptionRecords(db, deps.accountChanged, deps.notice);
  return { service: createSubscriptionsService({ ...deps, repo, records }), records };
}
