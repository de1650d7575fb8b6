/**
 * ISO 4217 currencies as the runtime's Intl knows them (current ones only), and how many minor
 * units each has: prices are stored in minor units (cents) and shown with Intl.NumberFormat.
 */
let known: ReadonlySet<string> | null = null;

export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!known) {
    try {
      known = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      // An engine without the list: any well-formed code that Intl can format.
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: code });
        return true;
      } catch {
        return false;
      }
    }
  }
  return known.has(code);
}

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A price in minor units as a reader of `locale` writes it: 1250 EUR in de is "12,50 €". */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}

/** Minor units as a plain decimal number, exactly (no float): -1250 EUR is "-12.50", 500 JPY is "500". */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
}
