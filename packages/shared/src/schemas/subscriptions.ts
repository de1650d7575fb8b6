import { z } from 'zod';
import { textSchema } from './text';
import { PAYMENT_PROVIDERS } from '../payments';
import { currencySchema } from './money';

/**
 * Subscriptions: plans a superadmin defines (a name, a price per currency, a month or a year, the
 * features it lists), which a member subscribes to and pays like an order (`/select-payment/{id}`
 * with the subscription's id, then `/pay/{id}`). A member is an active subscriber exactly while a
 * paid period runs; cancelling keeps the period and stops the renewal.
 */

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/**
 * incomplete: chosen, its first period not paid yet (a payment of it is open or failed);
 * active: paid through currentPeriodEnd, renewed then unless cancelAtPeriodEnd;
 * ended: over (cancelled and its period out, a renewal unpaid, or ended at the provider).
 */
export const SUBSCRIPTION_STATES = ['incomplete', 'active', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 500;
export const PLAN_FEATURES_MAX = 10;
export const PLAN_FEATURE_MAX = 120;
export const PLAN_PRICES_MAX = 10;
/** The most a plan costs a period, in minor units (100,000.00). */
export const PLAN_PRICE_MAX = 10_000_000;

export const planPriceSchema = z.object({
  currency: currencySchema,
  amountMinor: z.number().int('Whole minor units.').min(1, 'More than zero.').max(PLAN_PRICE_MAX, 'Too large.'),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

const planFields = {
  name: textSchema(PLAN_NAME_MAX).pipe(z.string().min(1, 'A name, please.')),
  description: textSchema(PLAN_DESCRIPTION_MAX),
  interval: z.enum(PLAN_INTERVALS, 'Monthly or yearly.'),
  prices: z
    .array(planPriceSchema)
    .min(1, 'At least one price.')
    .max(PLAN_PRICES_MAX, `At most ${PLAN_PRICES_MAX} prices.`)
    .refine(
      (prices) => new Set(prices.map((price) => price.currency)).size === prices.length,
      'One price per currency.',
    ),
  features: z
    .array(textSchema(PLAN_FEATURE_MAX).pipe(z.string().min(1, 'Empty feature.')))
    .max(PLAN_FEATURES_MAX, `At most ${PLAN_FEATURES_MAX} features.`),
  /** Offered to members; a withdrawn plan keeps its subscribers until they cancel. */
  active: z.boolean(),
};

/** A superadmin's new plan. */
export const planInputSchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  features: planFields.features.default([]),
  active: planFields.active.default(true),
});
export type PlanInput = z.input<typeof planInputSchema>;

/** A superadmin's change to a plan: new prices apply to new subscriptions, not running ones. */
export const planUpdateSchema = z.object(planFields).partial();
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  prices: z.array(planPriceSchema),
  features: z.array(z.string()),
  active: z.boolean(),
  /** Members with an active subscription to it (superadmins' list; 0 in members' reads). */
  subscribers: z.number().int(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansSchema = z.object({ items: z.array(planSchema) });
export type Plans = z.infer<typeof plansSchema>;

/** A member chooses a plan and a currency it is priced in; their incomplete subscription to it is found again. */
export const subscriptionInputSchema = z.object({
  planId: z.uuid('Choose a plan.'),
  currency: currencySchema,
});
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: z.object({ id: z.uuid(), name: z.string(), interval: z.enum(PLAN_INTERVALS), features: z.array(z.string()) }),
  state: z.enum(SUBSCRIPTION_STATES),
  /** The price of a period as subscribed (a plan's later price change does not touch it). */
  amountMinor: z.number().int(),
  currency: z.string(),
  /** Who takes the renewals: the provider of the first payment; null until paid. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  testMode: z.boolean(),
  currentPeriodStart: z.string().nullable(),
  /** When the paid period ends: the renewal date, or the end when cancelled. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A limit a subscription raises, as a member has it without and with one. */
export const SUBSCRIBER_LIMIT_KEYS = ['connectRequestsPerDay', 'plazasPerHour', 'photoUploadsPerDay'] as const;
export type SubscriberLimitKey = (typeof SUBSCRIBER_LIMIT_KEYS)[number];

export const subscriptionBenefitsSchema = z.object({
  limits: z.array(
    z.object({ key: z.enum(SUBSCRIBER_LIMIT_KEYS), member: z.number().int(), subscriber: z.number().int() }),
  ),
  /** The premium translation engines subscribers' own muses and plazas use (TRANSLATION_PREMIUM_ENGINES); empty when none is configured. */
  premiumEngines: z.array(z.string()),
});
export type SubscriptionBenefits = z.infer<typeof subscriptionBenefitsSchema>;

/** GET /api/subscriptions/me: what /sub shows. */
export const subscriptionOverviewSchema = z.object({
  activeSubscriber: z.boolean(),
  /** The member's running or last subscription (an incomplete one while they pay). */
  current: subscriptionSchema.nullable(),
  /** The plans offered now. */
  plans: z.array(planSchema),
  benefits: subscriptionBenefitsSchema,
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;
