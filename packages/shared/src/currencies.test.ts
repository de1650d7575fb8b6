import { describe, expect, it } from 'vitest';
import { minorToDecimal } from './currencies';

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
