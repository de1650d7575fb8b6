import { describe, expect, it } from 'vitest';
import { groupCardNumber, groupExpiry, onlyDigits } from './card-form';
import { aPayment } from './test-factories';
import { POLL_DELAYS_MS, pollDelay } from './use-payment';

describe('the card form as it is typed', () => {
  it('groups a card number in fours, whatever was typed between the digits', () => {
    expect(groupCardNumber('4242')).toBe('4242');
    expect(groupCardNumber('42424')).toBe('4242 4');
    expect(groupCardNumber('4242 ')).toBe('4242');
    expect(groupCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('puts the slash of an expiry after the month, and keeps a four-digit year', () => {
    expect(groupExpiry('1')).toBe('1');
    expect(groupExpiry('12')).toBe('12');
    expect(groupExpiry('123')).toBe('12/3');
    expect(groupExpiry('12/30')).toBe('12/30');
    expect(groupExpiry('1230')).toBe('12/30');
    expect(groupExpiry('12 / 2030')).toBe('12/2030');
  });

  it('keeps only the digits of a CVC', () => {
    expect(onlyDigits('1a2 3')).toBe('123');
  });
});

describe('asking where a payment stands, back from the provider', () => {
  const stripe = aPayment({ provider: 'stripe', state: 'pending' });

  it('asks soon, then less often, about 20 seconds in all, then stops', () => {
    const waits = POLL_DELAYS_MS.map((_, index) => pollDelay(stripe, index + 1));
    expect(waits).toEqual([...POLL_DELAYS_MS]);
    const total = POLL_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThanOrEqual(15_000);
    expect(total).toBeLessThanOrEqual(25_000);
    expect(pollDelay(stripe, POLL_DELAYS_MS.length + 1)).toBe(false);
  });

  it('never asks for a settled payment, nor for the sandbox (its form settles it)', () => {
    expect(pollDelay({ ...stripe, state: 'succeeded' }, 1)).toBe(false);
    expect(pollDelay({ ...stripe, state: 'failed' }, 1)).toBe(false);
    expect(pollDelay(aPayment(), 1)).toBe(false);
    expect(pollDelay(undefined, 1)).toBe(false);
  });
});
