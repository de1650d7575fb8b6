import type { Activity, ConnectionState } from '@tolk/shared/schemas/connect';
import { formatDay } from '../../lib/format';

/** "12 km": lib's, which places measure too. */
export { formatKm, personName } from '../../lib/format';

const utcDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);

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
