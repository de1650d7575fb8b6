import { and, asc, desc, eq, inArray, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { PaymentProviderId } from '@tolk/shared/payments';
import type { PlanInput, PlanUpdate } from '@tolk/shared/schemas/subscriptions';
import type { Database } from '../../db/client';
import { plans, subscriptions } from '../../db/schema/subscriptions';
import { isUniqueViolation } from '../../errors';
import { isUuid } from '../../db/uuid';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanWithCount = PlanRow & { subscribers: number };
export type SubscriptionWithPlan = { subscription: SubscriptionRow; plan: PlanRow };

/** The text of a uuid: other ids never name a subscription (and would fail the cast). */

/** A paid period to apply: who took it, the provider's subscription and the period it pays for. */
export interface PaidPeriod {
  provider: PaymentProviderId;
  providerSubscriptionRef: string | null;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * Plans and subscriptions. Its changes of a subscription are single statements: the service runs
 * each in the transaction that also moves the member's subscribed_until (subscriptionRecords).
 */
export function createSubscriptionsRepository(db: Database) {
  // Named in full: inside the subquery a bare "id" would be the subscription's own.
  const subscriberCount = sql<number>`(select count(*) from ${subscriptions}
    where ${subscriptions.planId} = "plans"."id" and ${subscriptions.state} = 'active')`.mapWith(Number);

  async function byId(id: string): Promise<SubscriptionWithPlan | undefined> {
    const [row] = await db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.id, id))
      .limit(1);
    return row;
  }

  /** Changes a subscription; the row after, or undefined when `where` held for none. */
  async function change(
    id: string,
    values: Partial<typeof subscriptions.$inferInsert> | Record<string, unknown>,
    where?: ReturnType<typeof and>,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), where))
      .returning();
    return row;
  }

  return {
    async plans(activeOnly: boolean): Promise<PlanWithCount[]> {
      return db
        .select({ ...plansColumns(), subscribers: subscriberCount })
        .from(plans)
        .where(activeOnly ? eq(plans.active, true) : undefined)
        .orderBy(asc(plans.createdAt), asc(plans.id));
    },

    async plan(id: string): Promise<PlanWithCount | undefined> {
      const [row] = await db
        .select({ ...plansColumns(), subscribers: subscriberCount })
        .from(plans)
        .where(eq(plans.id, id));
      return row;
    },

    async createPlan(input: Required<PlanInput>): Promise<PlanRow> {
      const [row] = await db.insert(plans).values(input).returning();
      return row!;
    },

    async updatePlan(id: string, patch: PlanUpdate): Promise<PlanRow | undefined> {
      const [row] = await db
        .update(plans)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(plans.id, id))
        .returning();
      return row;
    },

    byId,

    /** The row, locked until the transaction ends: what a change starts from. */
    async locked(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      return row;
    },

    /** The member's subscription of this id (404 for anyone else's: the caller checks the account). */
    async mine(accountId: string, id: string): Promise<SubscriptionWithPlan | undefined> {
      const found = await byId(id);
      return found?.subscription.accountId === accountId ? found : undefined;
    },

    /**
     * The plan names of the subscriptions among `ids` that are the member's own (in their tenant),
     * or of any for a superadmin (null scope), by subscription id.
     */
    async planNames(
      scope: { accountId: string; tenantId: string } | null,
      ids: readonly string[],
    ): Promise<Map<string, string>> {
      const wanted = [...new Set(ids)].filter((id) => isUuid(id));
      if (!wanted.length) return new Map();
      const rows = await db
        .select({ id: subscriptions.id, name: plans.name })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            inArray(subscriptions.id, wanted),
            scope
              ? and(eq(subscriptions.accountId, scope.accountId), eq(subscriptions.tenantId, scope.tenantId))
              : undefined,
          ),
        );
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** What /sub shows: the running one, else the unpaid one chosen last, else the last that ended. */
    async current(accountId: string): Promise<SubscriptionWithPlan | undefined> {
      const [row] = await db
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.accountId, accountId))
        .orderBy(
          sql`case ${subscriptions.state} when 'active' then 0 when 'incomplete' then 1 else 2 end`,
          desc(subscriptions.updatedAt),
        )
        .limit(1);
      return row;
    },

    byProviderRef: async (provider: PaymentProviderId, ref: string) => {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionRef, ref)));
      return row?.id;
    },

    /** The member's unpaid subscription to this plan in this currency, made now or found. */
    async incompleteOrCreate(values: {
      tenantId: string;
      accountId: string;
      planId: string;
      interval: PlanRow['interval'];
      amountMinor: number;
      currency: string;
    }): Promise<SubscriptionRow> {
      const find = async () => {
        const [row] = await db
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.accountId, values.accountId),
              eq(subscriptions.planId, values.planId),
              eq(subscriptions.currency, values.currency),
              eq(subscriptions.state, 'incomplete'),
            ),
          );
        return row;
      };
      const found = await find();
      if (found) return found;
      try {
        const [row] = await db.insert(subscriptions).values(values).returning();
        return row!;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = await find();
        if (!raced) throw error;
        return raced;
      }
    },

    /**
     * A paid period applied: active, the period moved on (never back: an older charge arriving
     * late changes nothing), the provider's subscription noted. Not when the member cancelled it
     * before any period of it was paid (ended, no period): undefined then, as for no such id. A
     * second active subscription of the member throws the unique violation of
     * `subscriptions_active_key`.
     */
    paidPeriod: (id: string, period: PaidPeriod) =>
      change(
        id,
        {
          state: 'active',
          provider: sql`coalesce(${subscriptions.provider}, ${period.provider})`,
          providerSubscriptionRef: sql`coalesce(${period.providerSubscriptionRef}, ${subscriptions.providerSubscriptionRef})`,
          currentPeriodStart: sql`case when ${subscriptions.currentPeriodEnd} is null
            or ${subscriptions.currentPeriodEnd} < ${period.periodEnd}
            then ${period.periodStart}::timestamptz else ${subscriptions.currentPeriodStart} end`,
          currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${period.periodEnd}::timestamptz)`,
          endedAt: null,
          // A period paid: the renewal is no longer failing, whatever the provider said before.
          renewalFailingSince: sql`case when ${subscriptions.currentPeriodEnd} is null
            or ${subscriptions.currentPeriodEnd} < ${period.periodEnd} then null else ${subscriptions.renewalFailingSince} end`,
        },
        not(and(eq(subscriptions.state, 'ended'), isNull(subscriptions.currentPeriodEnd))!),
      ),

    /** Notes the provider's subscription id (Stripe's sub_… once its checkout completed). */
    linkProvider: (id: string, provider: PaymentProviderId, ref: string) =>
      change(id, { provider, providerSubscriptionRef: ref }),

    /** Cancel at the period's end (or take that back), while it runs. */
    setCancelAtPeriodEnd: (id: string, cancel: boolean) =>
      change(id, { cancelAtPeriodEnd: cancel }, eq(subscriptions.state, 'active')),

    /** The provider failing to take a renewal (since now, kept while it goes on), or no longer, while it runs. */
    renewalFailing: (id: string, failing: boolean) =>
      change(
        id,
        { renewalFailingSince: failing ? sql`coalesce(${subscriptions.renewalFailingSince}, now())` : null },
        eq(subscriptions.state, 'active'),
      ),

    /** Over now: an unpaid one dropped, a cancelled one out of its period, or ended at the provider. */
    end: (id: string, from: SubscriptionRow['state'][] = ['incomplete', 'active']) =>
      change(id, { state: 'ended', endedAt: sql`now()` }, inArray(subscriptions.state, from)),

    /** When the member's active subscriptions run out (null: none is active), for their account's subscribed_until. */
    async activeUntil(accountId: string): Promise<Date | null> {
      const [row] = await db
        .select({
          until: sql<Date | null>`max(${subscriptions.currentPeriodEnd})`.mapWith(subscriptions.currentPeriodEnd),
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.state, 'active')));
      return row?.until ?? null;
    },

    /**
     * Active subscriptions whose period is out by `now` that Tolk itself acts on: the sandbox's
     * renewals, and cancelled ones to end (Stripe's and PayPal's renewals come by webhook).
     */
    async due(now: Date, limit = 100): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.state, 'active'),
            lte(subscriptions.currentPeriodEnd, now),
            or(eq(subscriptions.provider, 'sandbox'), eq(subscriptions.cancelAtPeriodEnd, true)),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(limit);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

function plansColumns() {
  return {
    id: plans.id,
    name: plans.name,
    description: plans.description,
    interval: plans.interval,
    prices: plans.prices,
    features: plans.features,
    active: plans.active,
    createdAt: plans.createdAt,
    updatedAt: plans.updatedAt,
  };
}
