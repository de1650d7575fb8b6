import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@tolk/shared/languages';
import { formatAgo, formatClockTime } from './format';

const NOW = Date.parse('2026-05-10T12:00:00.000Z');
const ago = (seconds: number, language: string) =>
  formatAgo(new Date(NOW - seconds * 1000).toISOString(), language, NOW);
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatAgo', () => {
  it('says "now" for the last half minute, never Intl’s "this minute"', () => {
    expect(ago(10, 'en')).toBe('now');
    expect(ago(10, 'es')).toBe('ahora');
    expect(ago(0, 'ar')).toBe('الآن');
    expect(ago(-20, 'de')).toBe('jetzt');
    for (const language of UI_LANGUAGES) {
      const thisMinute = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(0, 'minute');
      for (const seconds of [0, 5, 29]) expect(ago(seconds, language), language).not.toBe(thisMinute);
    }
    expect(ago(10, 'es')).not.toContain('este minuto');
  });

  it('counts minutes, hours, days, weeks, months and years as people say them, in several languages', () => {
    expect(ago(MINUTE, 'en')).toBe('1 minute ago');
    expect(ago(MINUTE, 'es')).toBe('hace 1 minuto');
    expect(ago(MINUTE, 'ar')).toBe('قبل دقيقة واحدة');
    expect(ago(5 * MINUTE, 'fr')).toBe('il y a 5 minutes');
    expect(ago(3 * HOUR, 'de')).toBe('vor 3 Stunden');
    expect(ago(3 * HOUR, 'ja')).toBe('3 時間前');
    expect(ago(DAY, 'es')).toBe('ayer');
    expect(ago(DAY, 'ar')).toBe('أمس');
    expect(ago(3 * DAY, 'en')).toBe('3 days ago');
    expect(ago(2 * 7 * DAY, 'es')).toBe('hace 2 semanas');
    expect(ago(45 * DAY, 'en')).toBe('last month');
    expect(ago(3 * 365 * DAY, 'en')).toBe('3 years ago');
    expect(ago(-2 * HOUR, 'en')).toBe('in 2 hours');
  });

  it('rounds before it chooses the unit: 59.6 minutes is an hour, 23.6 hours is yesterday', () => {
    expect(ago(59.6 * MINUTE, 'en')).toBe('1 hour ago');
    expect(ago(23.6 * HOUR, 'en')).toBe('yesterday');
    expect(ago(6.6 * DAY, 'en')).toBe('last week');
    expect(ago(29.6 * DAY, 'en')).toBe('last month');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatAgo('not a date', 'en', NOW)).toBe('');
  });
});

describe('formatClockTime', () => {
  const evening = new Date(2026, 4, 10, 19, 40);
  const morning = new Date(2026, 4, 10, 7, 5);

  it('writes the time of day the one way each language does', () => {
    expect(formatClockTime(evening, 'en')).toMatch(/^7:40\sPM$/);
    expect(formatClockTime(morning, 'en')).toMatch(/^7:05\sAM$/);
    expect(formatClockTime(evening, 'es')).toBe('19:40');
    expect(formatClockTime(evening, 'de')).toBe('19:40');
    expect(formatClockTime(evening.toISOString(), 'nb')).toBe('19:40');
    expect(formatClockTime('nonsense', 'en')).toBe('');
  });
});
