import type { TFunction } from 'i18next';
import { formatMoney } from '../../lib/format';
import type { PlanInterval, PlanPrice } from '@tolk/shared/schemas/subscriptions';
import { defaultCurrency } from '../../lib/price';

/** "€4.99 per month": a period's price as the reader writes money. */
export function pricePerPeriod(
  t: TFunction,
  price: { amountMinor: number; currency: string },
  interval: PlanInterval,
  language: string,
): string {
  const amount = formatMoney(price.amountMinor, price.currency, language);
  return t(interval === 'year' ? 'subscriptions.perYear' : 'subscriptions.perMonth', { price: amount });
}

/** The reader's languages, the browser's first: where they are decides their money. */
export const readerLocales = (language: string): string[] => [
  ...(typeof navigator === 'undefined' ? [] : navigator.languages),
  language,
];

/**
 * The price a plan's card starts with: the one in the currency the reader's languages suggest
 * (the first of them the plan is priced in: "de" is euros, "en-US" dollars), else its first.
 */
export function suggestedCurrency(prices: readonly PlanPrice[], locales: readonly string[]): string | undefined {
  const offered = new Set(prices.map((price) => price.currency));
  for (const locale of locales) {
    const currency = defaultCurrency([locale]);
    if (offered.has(currency)) return currency;
  }
  return prices[0]?.currency;
}
