import type { Activity, ConnectionState } from '@tolk/shared/schemas/connect';

/** A person's name as shown: their display name, else their username. */
export function personName(person: { displayName: string; username: string }): string {
  return person.displayName.trim() || person.username;
}

/** "12 km", in the reader's language and digits. */
export function formatKm(km: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', unitDisplay: 'short' }).format(km);
  } catch {
    return `${km} km`;
  }
}

/** A number in the reader's digits (Arabic-Indic in Arabic). */
export function formatNumber(value: number, language: string): string {
  try {
    return new Intl.NumberFormat(language).format(value);
  } catch {
    return String(value);
  }
}

const utcDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);

/** A calendar day (an ISO date, no time): "24 Dec 2026", as the reader writes dates. */
export function formatDay(iso: string, language: string): string {
  const date = utcDate(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  } catch {
    return iso;
  }
}

/** A trip's days as one range: "3–10 Jul 2026", "28 Jun – 2 Jul 2026". */
export function formatDayRange(from: string, until: string, language: string): string {
  const start = utcDate(from);
  const end = utcDate(until);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${until}`;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(start, end);
  } catch {
    return `${formatDay(from, language)} – ${formatDay(until, language)}`;
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

/** "3 days ago", "yesterday", "just now"-ish: when a request was made. */
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

/** The interface key saying how recently someone was active. */
export const ACTIVITY_KEYS: Record<Activity, string> = {
  today: 'connect.activity.today',
  week: 'connect.activity.week',
  month: 'connect.activity.month',
  earlier: 'connect.activity.earlier',
};

/** The interface key for where I stand with someone; none says nothing. */
export const CONNECTION_KEYS: Record<Exclude<ConnectionState, 'none'>, string> = {
  outgoing: 'connect.state.outgoing',
  incoming: 'connect.state.incoming',
  connected: 'connect.state.connected',
};
