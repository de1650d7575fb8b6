import type { TFunction } from 'i18next';
import { formatPrice } from '@tolk/shared/currencies';

/**
 * A price as the reader writes money, or "Free" for nothing: a thing offered at price 0, and an
 * order of it, which has no payment step (so no screen shows a "€0.00" to pay).
 */
export function priceOrFree(minor: number, currency: string, language: string, t: TFunction): string {
  return minor === 0 ? t('common.free') : formatPrice(minor, currency, language);
}
