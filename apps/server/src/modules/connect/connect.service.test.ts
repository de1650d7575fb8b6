import { describe, expect, it } from 'vitest';
import { activityOf, ageOf } from './connect.service';

describe('what others see of time', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (days: number) => new Date(now - days * 86_400_000);

  it('says how recently someone was active, coarsely', () => {
    expect(activityOf(ago(0.5), now)).toBe('today');
    expect(activityOf(ago(3), now)).toBe('week');
    expect(activityOf(ago(20), now)).toBe('month');
    expect(activityOf(ago(200), now)).toBe('earlier');
    expect(activityOf(null, now)).toBeNull();
  });

  it('shows an age, never older than the person can be', () => {
    const today = new Date('2026-11-24T12:00:00Z');
    expect(ageOf(1990, today)).toBe(35);
    expect(ageOf(null, today)).toBeNull();
  });
});
