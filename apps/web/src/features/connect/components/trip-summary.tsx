import { useTranslation } from 'react-i18next';
import { CalendarDays, EyeOff, Flag, Globe, MapPin, Users } from 'lucide-react';
import type { Trip } from '@tolk/shared/schemas/connect';
import { cityLabel } from '../../../ui/city-picker';
import { formatDayRange } from '../format';
import { TRIP_VISIBILITY_KEYS } from '../trip-form';
import { ReaderTextView } from '../../../ui/reader-text';

const VISIBILITY_ICONS = { everyone: Globe, connections: Users, hidden: EyeOff } as const;

/** A trip's days as the reader writes dates, "under way" when today falls in them. */
export function TripDates({ trip, today }: { trip: Trip; today?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const underWay = today !== undefined && trip.arrival <= today && today <= trip.departure;
  return (
    <p className="trip-dates small">
      <CalendarDays aria-hidden size={15} />
      <time dateTime={trip.arrival}>{formatDayRange(trip.arrival, trip.departure, i18n.language)}</time>
      {underWay && <span className="state-badge trip-now">{t('connect.trips.underWay')}</span>}
    </p>
  );
}

/** Where (unless the context says it) and when a trip is, and its note in the reader's language. */
export function TripSummary({ trip, city = true, today }: { trip: Trip; city?: boolean; today?: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      {city && (
        <p className="trip-city">
          <MapPin aria-hidden size={16} /> {cityLabel(trip.city, i18n.language)}
        </p>
      )}
      <TripDates trip={trip} today={today} />
      {trip.note && <ReaderTextView text={trip.note} toggle className="trip-note" />}
    </>
  );
}

/** Who sees a trip of mine: everyone, my connections, or nobody. */
export function TripVisibilityBadge({ trip }: { trip: Trip }) {
  const { t } = useTranslation();
  const Icon = VISIBILITY_ICONS[trip.visibility];
  return (
    <span className={`state-badge trip-visibility ${trip.visibility}`}>
      <Icon aria-hidden size={14} />
      <span className="visually-hidden">{t('connect.trips.visibility.label')}: </span>
      {t(TRIP_VISIBILITY_KEYS[trip.visibility].label)}
    </span>
  );
}

/** "Report trip": beside someone else's trip, opening the report dialog. */
export function ReportTripButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="text-button report-link" onClick={onClick}>
      <Flag aria-hidden size={14} /> {t('connect.trips.reportTrip')}
    </button>
  );
}
