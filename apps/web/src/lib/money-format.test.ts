import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

const MINUS = '\u2212';

describe('formatMoney', () => {
  it('writes money in and out with its sign as German writes it, a true minus for money out', () => {
    expect(formatMoney(-1250, 'EUR', 'de', true)).toBe(`${MINUS}12,50\u00a0€`);
    expect(formatMoney(1250, 'EUR', 'de', true)).toBe('+12,50\u00a0€');
    expect(formatMoney(3750, 'EUR', 'de')).toBe('37,50\u00a0€');
    expect(formatMoney(-500, 'EUR', 'de')).toBe(`${MINUS}5,00\u00a0€`);
    expect(formatMoney(0, 'EUR', 'de', true)).toBe('0,00\u00a0€');
  });

  it('writes it as Arabic does, with the sign and in the currency’s own minor units', () => {
    const out = formatMoney(-1250, 'EUR', 'ar', true);
    const into = formatMoney(1250, 'EUR', 'ar', true);
    // Arabic-Indic or Latin digits, as the runtime's Arabic has them; the sign is written either way.
    expect(out).toMatch(/^[\u200e\u200f\u061c]*−[\u200e\u200f\u061c]*(12[.,٫]50|١٢٫٥٠)\s€$/u);
    expect(into).toMatch(/^[\u200e\u200f\u061c]*\+[\u200e\u200f\u061c]*(12[.,٫]50|١٢٫٥٠)\s€$/u);
    expect(formatMoney(-500, 'JPY', 'ar', true)).toMatch(/−[\u200e\u200f\u061c]*(500|٥٠٠)/u);
  });

  it('says an amount it cannot format rather than failing', () => {
    expect(formatMoney(100, 'NOPE', 'en')).toBe('100 NOPE');
  });
});
