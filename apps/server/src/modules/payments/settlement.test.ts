import { describe, expect, it } from 'vitest';
import { platformFee } from './settlement';

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
