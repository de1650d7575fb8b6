import { describe, expect, it } from 'vitest';
import { currencyOfCountry, defaultCurrencyFor, isCurrency, minorToDecimal } from './currencies';

describe('minorToDecimal', () => {
  it('writes minor units as an exact decimal in the currency’s digits', () => {
    expect(minorToDecimal(1250, 'EUR')).toBe('12.50');
    expect(minorToDecimal(-1250, 'EUR')).toBe('-12.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-5, 'USD')).toBe('-0.05');
    expect(minorToDecimal(0, 'EUR')).toBe('0.00');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
    expect(minorToDecimal(999_999_999_999_999, 'EUR')).toBe('9999999999999.99');
  });
});

describe('the currency a new price starts in', () => {
  it('is the home country’s, then the first locale region’s, then euros', () => {
    expect(currencyOfCountry('ES')).toBe('EUR');
    expect(currencyOfCountry('es')).toBe('EUR');
    expect(currencyOfCountry('MX')).toBe('MXN');
    expect(currencyOfCountry('SN')).toBe('XOF');
    expect(currencyOfCountry('ZZ')).toBeUndefined();
    expect(currencyOfCountry(null)).toBeUndefined();
    // A member in Spain whose browser says en-US still prices in euros.
    expect(defaultCurrencyFor('ES', ['en-US'])).toBe('EUR');
    expect(defaultCurrencyFor('JP', ['es'])).toBe('JPY');
    // No home city: the interface language's region ("es" is Spain, "ar" Egypt), then the next.
    expect(defaultCurrencyFor(null, ['es'])).toBe('EUR');
    expect(defaultCurrencyFor(undefined, ['es-MX'])).toBe('MXN');
    expect(defaultCurrencyFor(null, ['ar'])).toBe('EGP');
    expect(defaultCurrencyFor(null, ['not a tag', 'nb'])).toBe('NOK');
    expect(defaultCurrencyFor('ZZ', ['not a tag'])).toBe('EUR');
  });

  it('is always a currency the runtime (and so the ledger) knows', () => {
    const countries = 'AD AE AR AU BR CA CH CN DE DK EG ES FR GB ID IN JP KR MA MX NG NO NZ RU SA SE SG TH TR US VN ZA';
    for (const country of countries.split(' ')) {
      const currency = currencyOfCountry(country);
      expect(currency && isCurrency(currency), country).toBe(true);
    }
  });
});
