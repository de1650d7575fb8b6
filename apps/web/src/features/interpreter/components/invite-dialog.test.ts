import { describe, expect, it } from 'vitest';
import { expiryText } from './invite-dialog';

describe('expiryText', () => {
  const now = new Date(2026, 10, 24, 9, 0);

  it('gives the time alone when the code expires today', () => {
    expect(expiryText(new Date(2026, 10, 24, 21, 0), 'en', now)).toBe('9:00 PM');
  });

  it('gives the date too when it expires on another day, in the interface language', () => {
    expect(expiryText(new Date(2026, 10, 25, 9, 0), 'en', now)).toBe('Nov 25, 2026, 9:00 AM');
    expect(expiryText(new Date(2026, 10, 25, 9, 0), 'de', now)).toBe('25.11.2026, 09:00');
  });
});
