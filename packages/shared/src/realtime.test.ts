import { describe, expect, it } from 'vitest';
import { RECONNECT, reconnectDelay } from './realtime';

describe('reconnectDelay', () => {
  it('doubles from the first wait up to the longest, spread by the jitter either way', () => {
    const policy = RECONNECT.dropped;
    expect(reconnectDelay(policy, 0, 0.5)).toBe(2_000);
    expect(reconnectDelay(policy, 0, 0)).toBe(1_000);
    expect(reconnectDelay(policy, 0, 0.999_999)).toBe(3_000);
    expect(reconnectDelay(policy, 3, 0.5)).toBe(16_000);
    expect(reconnectDelay(policy, 20, 0.5)).toBe(60_000);
    // Never past the longest wait, whatever the spread.
    expect(reconnectDelay(policy, 20, 0.999_999)).toBe(60_000);
  });

  it('spreads a thousand clients that lost the server at once over the whole window', () => {
    const waits = Array.from({ length: 1_000 }, (_, i) => reconnectDelay(RECONNECT.transport, 0, i / 1_000));
    expect(Math.min(...waits)).toBe(500);
    expect(Math.max(...waits)).toBeGreaterThan(1_490);
    expect(new Set(waits).size).toBeGreaterThan(900);
  });
});
