import { defaultCurrencyFor, minorDigits } from '@tolk/shared/currencies';

/**
 * Prices as people type and read them. The server keeps whole minor units (cents) with an ISO 4217
 * code; a form shows major units ("12.50") and turns them into minor units with the currency's own
 * number of decimals (none for JPY, three for KWD), without floating-point rounding.
 */

/** Offered first in the currency select; any other ISO 4217 code can be typed. */
export const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CNY',
  'KRW',
  'INR',
  'IDR',
  'VND',
  'RUB',
  'BRL',
  'MXN',
  'NOK',
  'SEK',
  'DKK',
  'CHF',
  'PLN',
  'TRY',
  'AED',
  'SAR',
  'EGP',
  'CAD',
  'AUD',
] as const;

/**
 * The currency a new price starts with: that of the member's home country when known, else that of
 * the first locale whose region (given, or the likeliest for its language: "de" is Germany) has
 * one; euros otherwise. The mapping is shared (`currencyOfCountry`), one for every form.
 */
export function defaultCurrency(locales: readonly string[], homeCountry?: string | null): string {
  return defaultCurrencyFor(homeCountry, locales);
}

/** Decimals of a currency; two for a code Intl does not know (the form says the code is wrong). */
export function decimalsOf(currency: string): number {
  try {
    return minorDigits(currency);
  } catch {
    return 2;
  }
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A price typed in major units as minor units: "12.50" or "12,50" EUR is 1250, "1200" JPY is
 * 1200. Arabic-Indic digits and the Arabic decimal sign count; spaces are ignored. Undefined when
 * it is not a price, or has more decimals than the currency.
 */
export function parsePrice(text: string, currency: string): number | undefined {
  const cleaned = text
    .trim()
    .replace(ARABIC_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(/\u066b/g, '.')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  const digits = decimalsOf(currency);
  if (fraction.length > digits) return undefined;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The decimal sign the reader writes, when it is one the price field reads back ("." or ","). */
function decimalSign(language: string): string {
  try {
    const sign = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return sign === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

/** Minor units as the price field shows them: 1250 EUR is "12.50" (or "12,50" for a German reader). */
export function priceText(minor: number, currency: string, language: string): string {
  const digits = decimalsOf(currency);
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  const fraction = String(minor % scale).padStart(digits, '0');
  return `${Math.floor(minor / scale)}${decimalSign(language)}${fraction}`;
}

/** An example price for a currency's field: "12.50", "1200" (JPY), "12.500" (KWD). */
export function priceExample(currency: string, language: string): string {
  const digits = decimalsOf(currency);
  return priceText(digits === 0 ? 1200 : 1250 * 10 ** (digits - 2), currency, language);
}

/** A currency named in the reader's language: "Euro (EUR)"; the code alone where there is no name. */
export function currencyLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
