import { describe, expect, it } from 'vitest';
import { expiryPassed, luhnValid, parseExpiry, platformFee, sandboxCardSchema } from './payments';

describe('the sandbox card form', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('reads expiry dates as people write them, and knows when one has passed', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
    const now = new Date('2026-11-24T12:00:00Z');
    expect(expiryPassed({ month: 11, year: 2026 }, now)).toBe(false);
    expect(expiryPassed({ month: 10, year: 2026 }, now)).toBe(true);
  });

  it('takes the test cards with spaces, and refuses other numbers, old cards and bad codes by field', () => {
    expect(sandboxCardSchema.parse({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).number).toBe(
      '4242424242424242',
    );
    const refused = sandboxCardSchema.safeParse({ number: '4111 1111 1111 1111', expiry: '01/20', cvc: '12' });
    expect(refused.success).toBe(false);
    const fields = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      number: 'Use a test card, such as 4242 4242 4242 4242.',
      expiry: 'This card has expired.',
      cvc: 'Three or four digits.',
    });
  });
});

describe('the platform fee', () => {
  it('is the percent of the total rounded half up to a whole minor unit, in integers', () => {
    expect(platformFee(5000, 10)).toBe(500);
    expect(platformFee(1005, 10)).toBe(101);
    expect(platformFee(1004, 10)).toBe(100);
    expect(platformFee(999, 2.5)).toBe(25);
    expect(platformFee(1, 50)).toBe(1);
    expect(platformFee(1, 10)).toBe(0);
    expect(platformFee(12345, 0)).toBe(0);
    // 0.1 + 0.2 style percents stay exact: 29.07% of 100.00 is 29.07.
    expect(platformFee(10_000, 29.07)).toBe(2907);
    expect(platformFee(2_147_483_647, 50)).toBe(1_073_741_824);
  });
});
