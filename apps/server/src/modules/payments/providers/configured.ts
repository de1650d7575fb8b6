import type { PaymentProvider } from '@tolk/shared/schemas/payments';
import type { PaymentsConfig } from '../../../config';
import { createPaypalProvider } from './paypal';
import type { RedirectProvider } from './provider';
import { createStripeProvider } from './stripe';

export type RedirectProviderId = RedirectProvider['id'];

/** The ways to pay this server offers: the sandbox always, Stripe and PayPal when their settings are complete. */
export interface ConfiguredProviders {
  offered(): PaymentProvider[];
  /** Stripe or PayPal, when configured. */
  redirect(id: RedirectProviderId): RedirectProvider | undefined;
}

export function configuredProviders(
  config: PaymentsConfig,
  /** Providers made elsewhere (the tests' contract servers), in place of the configured ones. */
  given: Partial<Record<RedirectProviderId, RedirectProvider>> = {},
): ConfiguredProviders {
  const redirect: Partial<Record<RedirectProviderId, RedirectProvider>> = {
    stripe: given.stripe ?? (config.stripe && createStripeProvider(config.stripe)),
    paypal: given.paypal ?? (config.paypal && createPaypalProvider(config.paypal)),
  };
  return {
    offered: () => [
      { id: 'sandbox', testMode: true },
      ...[redirect.stripe, redirect.paypal].flatMap((provider) =>
        provider ? [{ id: provider.id, testMode: provider.testMode }] : [],
      ),
    ],
    redirect: (id) => redirect[id],
  };
}
