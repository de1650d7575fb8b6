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
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
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

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 4.35],
  ['year', 12],
];

/** How long ago, coarsely: "3 days ago", "yesterday", "2 hours ago". */
export function formatAgo(iso: string, language: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  let value = (then - now) / 60_000;
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  for (let index = 0; index < RELATIVE_STEPS.length - 1; index++) {
    const [, size] = RELATIVE_STEPS[index + 1] ?? ['minute', 1];
    if (Math.abs(value) < size) break;
    value /= size;
    unit = RELATIVE_STEPS[index + 1]?.[0] ?? unit;
  }
  try {
    return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(value), unit);
  } catch {
    return new Date(then).toISOString().slice(0, 10);
  }
}
