import { z } from 'zod';

/** The payment settings (README: configuration), read with the rest of the environment in config.ts. */
export const paymentsEnvironment = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  TOLK_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
};

/**
 * The payment providers whose settings are complete (the sandbox needs none and is always there),
 * and the platform's fee on each order paid.
 */
export interface PaymentsConfig {
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  paypal: { clientId: string; clientSecret: string; environment: 'sandbox' | 'live'; webhookId: string } | undefined;
  /** Percent of each order's total kept as the platform's fee (0-50; 2.5 is allowed). */
  platformFeePercent: number;
}

/** A provider is offered only when all of its settings are there; half of them is a mistake said at start-up. */
export function paymentsConfig(e: z.infer<z.ZodObject<typeof paymentsEnvironment>>): PaymentsConfig {
  const problems: string[] = [];
  const complete = (provider: string, settings: Record<string, string | undefined>) => {
    const missing = Object.keys(settings).filter((name) => !settings[name]);
    if (missing.length === Object.keys(settings).length) return false;
    if (missing.length) problems.push(`  ${missing.join(', ')}: required with the other ${provider} settings`);
    return missing.length === 0;
  };
  const stripe = { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET };
  const paypal = {
    PAYPAL_CLIENT_ID: e.PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: e.PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: e.PAYPAL_WEBHOOK_ID,
  };
  const config: PaymentsConfig = {
    stripe: complete('Stripe', stripe)
      ? { secretKey: stripe.STRIPE_SECRET_KEY!, webhookSecret: stripe.STRIPE_WEBHOOK_SECRET! }
      : undefined,
    paypal: complete('PayPal', paypal)
      ? {
          clientId: paypal.PAYPAL_CLIENT_ID!,
          clientSecret: paypal.PAYPAL_CLIENT_SECRET!,
          environment: e.PAYPAL_ENVIRONMENT,
          webhookId: paypal.PAYPAL_WEBHOOK_ID!,
        }
      : undefined,
    platformFeePercent: e.TOLK_PLATFORM_FEE_PERCENT,
  };
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return config;
}
