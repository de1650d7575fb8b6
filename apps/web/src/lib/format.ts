import type { TFunction } from 'i18next';
import { minorDigits } from '@tolk/shared/currencies';

/**
 * Dates, times and numbers as the reader writes them, in the interface language (Intl), for every
 * feature. Each falls back to something readable where the runtime lacks the locale.
 */

/** A calendar day (YYYY-MM-DD, no time) or the day of a moment: "24 Dec 2026". */
export function formatDay(iso: string, language: string): string {
  const dateOnly = iso.length === 10;
  const date = new Date(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    // A calendar day is the same day everywhere; a moment is the day it was where the reader is.
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: dateOnly ? 'UTC' : undefined }).format(
      date,
    );
  } catch {
    return iso;
  }
}

/** A moment to the minute, where the reader is: "24 Dec 2026, 14:05". */
export function formatDateTime(at: string | Date, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return typeof at === 'string' ? at : '';
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

/**
 * The time of day, where the reader is, the one way their language writes it: "7:40 PM" in
 * English, "19:40" in Spanish, "7:40 م" in Arabic. Every clock time on screen (a chat, a plaza, a
 * join code's end) goes through here, so one screen never says "07:40 PM" and the next "7:31 PM".
 */
export function formatClockTime(at: string | Date, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(11, 16);
  }
}

/** A number in the reader's digits (Arabic-Indic in Arabic where the runtime writes them so). */
export function formatNumber(value: number, language: string): string {
  try {
    return new Intl.NumberFormat(language).format(value);
  } catch {
    return String(value);
  }
}

/** "12 km", in the reader's language and digits. */
export function formatKm(km: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', unitDisplay: 'short' }).format(km);
  } catch {
    return `${km} km`;
  }
}

/**
 * How long ago (or from now), coarsely, with Intl.RelativeTimeFormat's own words: "now",
 * "5 minutes ago", "yesterday", "2 weeks ago"; "ahora", "hace 1 minuto", "ayer" in Spanish. Under
 * half a minute is "now": Intl's "this minute" ("este minuto") reads like a machine's.
 */
export function formatAgo(iso: string, language: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const [value, unit] = relativeAmount((then - now) / 1000);
  try {
    return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(value, unit);
  } catch {
    return new Date(then).toISOString().slice(0, 10);
  }
}

const DAY_S = 86_400;

/**
 * The unit a person would say, each amount rounded before the unit is chosen, so that 59.6
 * minutes is "1 hour" and not "60 minutes", and 23.6 hours is "yesterday".
 */
function relativeAmount(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const sign = seconds < 0 ? -1 : 1;
  const size = Math.abs(seconds);
  const minutes = Math.round(size / 60);
  if (minutes === 0) return [0, 'second'];
  if (minutes < 60) return [sign * minutes, 'minute'];
  const hours = Math.round(size / 3600);
  if (hours < 24) return [sign * hours, 'hour'];
  const days = Math.round(size / DAY_S);
  if (days < 7) return [sign * days, 'day'];
  if (days < 30) return [sign * Math.round(days / 7), 'week'];
  const months = Math.round(size / (30.44 * DAY_S));
  if (months < 12) return [sign * Math.max(1, months), 'month'];
  return [sign * Math.max(1, Math.round(size / (365.25 * DAY_S))), 'year'];
}

/**
 * Money, the one formatter for every screen: minor units as the reader writes money, with a true minus sign (−, not the hyphen some locales
 * use), and with `signed` a plus for money in as well: the sign says which way it went, so the
 * colour is never the only cue. 1250 EUR signed in de: "+12,50 €"; −1250: "−12,50 €".
 */
export function formatMoney(minor: number, currency: string, language: string, signed = false): string {
  try {
    const format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    return format
      .formatToParts(minor / 10 ** minorDigits(currency))
      .map((part) => (part.type === 'minusSign' ? part.value.replace('-', '\u2212') : part.value))
      .join('');
  } catch {
    return `${minor} ${currency}`;
  }
}

/**
 * A price as the reader writes money, or "Free" for nothing: a thing offered at price 0, and an
 * order of it, which has no payment step (so no screen shows a "€0.00" to pay).
 */
export function priceOrFree(minor: number, currency: string, language: string, t: TFunction): string {
  return minor === 0 ? t('common.free') : formatMoney(minor, currency, language);
}

/** A person's name as shown (the one rule, shared with the server's mails). */
export { personName } from '@tolk/shared/names';
