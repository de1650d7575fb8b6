import { describe, expect, it } from 'vitest';
import { majorAmount, minorAmount } from './provider';
import { sandboxCharge } from './sandbox';

describe('the sandbox provider', () => {
  it('pays, declines or finds too little money as the test cards say', () => {
    const card = { expiry: '12/40', cvc: '123' };
    expect(sandboxCharge({ ...card, number: '4242 4242 4242 4242' })).toBe('succeeded');
    expect(sandboxCharge({ ...card, number: '4000 0000 0000 0002' })).toBe('card_declined');
    expect(sandboxCharge({ ...card, number: '4000 0000 0000 9995' })).toBe('insufficient_funds');
    expect(() => sandboxCharge({ ...card, number: '4111 1111 1111 1111' })).toThrow();
  });
});

describe('amounts as providers write them', () => {
  it('turns minor units into major-unit text and back, for 0, 2 and 3 digits', () => {
    expect(majorAmount(2500, 2)).toBe('25.00');
    expect(majorAmount(5, 2)).toBe('0.05');
    expect(majorAmount(1200, 0)).toBe('1200');
    expect(majorAmount(1234, 3)).toBe('1.234');
    expect(minorAmount('25.00', 2)).toBe(2500);
    expect(minorAmount('0.05', 2)).toBe(5);
    expect(minorAmount('1200', 0)).toBe(1200);
    expect(minorAmount('1.5', 2)).toBe(150);
  });
});
