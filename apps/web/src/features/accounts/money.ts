import { minorDigits } from '@tolk/shared/currencies';

/**
 * Minor units as the reader writes money, with a true minus sign (−, not the hyphen some locales
 * use), and with `signed` a plus for money in as well: the sign says which way it went, so the
 * colour is never the only cue. 1250 EUR signed in de: "+12,50 €"; −1250: "−12,50 €".
 */
export function formatMoney(minor: number, currency: string, language: string, signed = false): string {
  try {
    const format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    return format
      .formatToParts(minor / 10 ** minorDigits(currency))
      .map((part) => (part.type === 'minusSign' ? part.value.replace('-', '\u2212') : part.value))
      .join('');
  } catch {
    return `${minor} ${currency}`;
  }
}
