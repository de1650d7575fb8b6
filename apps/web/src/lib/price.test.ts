import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { currencyLabel, defaultCurrency, parsePrice, priceExample, priceText } from './price';

/** Intl separates amount and sign with narrow or plain no-break spaces: compare them as spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('prices', () => {
  it('are shown as the reader writes money, in their interface language', () => {
    expect(spaced(formatMoney(1250, 'EUR', 'de'))).toBe('12,50 €');
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1200, 'JPY', 'en')).toBe('¥1,200');
    expect(spaced(formatMoney(1200, 'JPY', 'fr'))).toBe('1 200 JPY');
  });

  it('are typed in major units and kept in minor units of their currency', () => {
    expect(parsePrice('12.50', 'EUR')).toBe(1250);
    expect(parsePrice(' 12,5 ', 'EUR')).toBe(1250);
    expect(parsePrice('12', 'EUR')).toBe(1200);
    expect(parsePrice('0.07', 'EUR')).toBe(7);
    expect(parsePrice('1200', 'JPY')).toBe(1200);
    expect(parsePrice('1.250', 'KWD')).toBe(1250);
    expect(parsePrice('١٢٫٥٠', 'EUR')).toBe(1250);
  });

  it('refuse what is not a price, or has more decimals than the currency', () => {
    for (const text of ['', 'abc', '-3', '1.2.3', '12.505', '1,200.50'])
      expect(parsePrice(text, 'EUR')).toBeUndefined();
    expect(parsePrice('1200.5', 'JPY')).toBeUndefined();
  });

  it('come back to the field as typed, with the reader’s decimal sign', () => {
    expect(priceText(1250, 'EUR', 'en')).toBe('12.50');
    expect(priceText(1250, 'EUR', 'de')).toBe('12,50');
    expect(priceText(5, 'EUR', 'en')).toBe('0.05');
    expect(priceText(1200, 'JPY', 'de')).toBe('1200');
    expect(priceExample('KWD', 'en')).toBe('12.500');
    // Arabic's own decimal sign is not one the field reads back: a point instead.
    expect(priceText(1250, 'EUR', 'ar')).toBe('12.50');
  });

  it('start in the currency of where the reader is', () => {
    expect(defaultCurrency(['nb-NO', 'en'])).toBe('NOK');
    expect(defaultCurrency(['pt-BR'])).toBe('BRL');
    expect(defaultCurrency(['de'])).toBe('EUR');
    expect(defaultCurrency(['ja'])).toBe('JPY');
    expect(defaultCurrency(['en-US'])).toBe('USD');
    expect(defaultCurrency(['not a tag'])).toBe('EUR');
  });

  it('name their currency in the reader’s language', () => {
    expect(currencyLabel('EUR', 'en')).toBe('Euro (EUR)');
    expect(currencyLabel('EUR', 'de')).toBe('Euro (EUR)');
    expect(currencyLabel('NOK', 'nb')).toBe('norske kroner (NOK)');
  });
});
