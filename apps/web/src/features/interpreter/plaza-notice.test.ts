import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../lib/i18n';
import { expiryNotice, isDefaultTitle, timeLeft } from './plaza-notice';

const NOW = Date.parse('2026-05-01T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

beforeAll(async () => {
  await initI18n();
});

describe('time left on a plaza', () => {
  it('counts hours, then minutes near the end, and never says zero', () => {
    expect(timeLeft(inMinutes(12 * 60), NOW)).toEqual({ unit: 'hours', count: 12 });
    expect(timeLeft(inMinutes(11 * 60 + 59), NOW)).toEqual({ unit: 'hours', count: 12 });
    expect(timeLeft(inMinutes(61), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(timeLeft(inMinutes(59), NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeLeft(inMinutes(1), NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeLeft(inMinutes(-5), NOW)).toEqual({ unit: 'minutes', count: 1 });
  });

  it('is pluralised in each language', async () => {
    const t = i18next.getFixedT('en');
    expect(t('interpreter.timeHours', { count: 1 })).toBe('1 hour');
    expect(t('interpreter.timeHours', { count: 12 })).toBe('12 hours');
    expect(t('interpreter.timeMinutes', { count: 1 })).toBe('1 minute');
    await i18next.loadLanguages(['ru', 'ar']);
    const ru = i18next.getFixedT('ru');
    expect([1, 3, 5].map((count) => ru('interpreter.timeHours', { count }))).toEqual(['1 час', '3 часа', '5 часов']);
    const ar = i18next.getFixedT('ar');
    expect(ar('interpreter.timeMinutes', { count: 2 })).toBe('دقيقتين');
  });
});

describe('the expiry notice', () => {
  it("bases the words on the viewer: a member's kept plaza, a guest's plaza, a guest's access", () => {
    expect(expiryNotice({ guest: false, expiry: 'none', expiresAt: null }, NOW)).toEqual({
      key: 'interpreter.memberNotice',
    });
    expect(expiryNotice({ guest: true, expiry: 'conversation', expiresAt: inMinutes(600) }, NOW)).toEqual({
      key: 'interpreter.guestExpiresIn',
      left: { unit: 'hours', count: 10 },
    });
    // A guest in a member's plaza: the plaza is kept for the member, the guest's access ends.
    expect(expiryNotice({ guest: true, expiry: 'access', expiresAt: inMinutes(30) }, NOW)).toEqual({
      key: 'interpreter.guestAccessEndsIn',
      left: { unit: 'minutes', count: 30 },
    });
    // A member who joined a guest's plaza.
    expect(expiryNotice({ guest: false, expiry: 'conversation', expiresAt: inMinutes(120) }, NOW)).toEqual({
      key: 'interpreter.plazaExpiresIn',
      left: { unit: 'hours', count: 2 },
    });
  });

  it("knows the server's title for an unnamed plaza", () => {
    expect(isDefaultTitle({ name: 'EN ⇄ FR', userLanguage: 'en', audienceLanguage: 'fr' })).toBe(true);
    expect(isDefaultTitle({ name: 'EN ⇄ ES', userLanguage: 'en', audienceLanguage: 'fr' })).toBe(false);
    expect(isDefaultTitle({ name: 'Hotel desk', userLanguage: 'en', audienceLanguage: 'es' })).toBe(false);
  });
});
