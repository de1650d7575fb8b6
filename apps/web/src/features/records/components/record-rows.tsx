import { useTranslation } from 'react-i18next';
import { MapPin, Package, UserRound } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import type { Person } from '@tolk/shared/schemas/persons';
import type { Place } from '@tolk/shared/schemas/places';
import type { Thing } from '@tolk/shared/schemas/things';
import { languageName } from '../../../lib/language-names';
import { cityLabel } from '../../../ui/city-picker';
import { formatDay } from '../../../lib/format';
import { PLACE_KIND_KEYS } from '../place-form';
import { THING_AVAILABILITY_KEYS, THING_UNIT_KEYS } from '../thing-form';
import { RatingView } from './rating';
import { RecordThumb } from './record-thumb';

/** The parts of a row that say something, joined by a middle dot. */
const joined = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

export function PersonRow({ person }: { person: Person }) {
  const { i18n } = useTranslation();
  const met = joined([
    person.metPlace?.name ?? person.metWhere,
    person.metOn && formatDay(person.metOn, i18n.language),
  ]);
  const languages = person.languages.map((code) => languageName(code, i18n.language)).join(', ');
  return (
    <>
      <RecordThumb photo={person.photo} fallback={<UserRound size={24} />} />
      <span className="record-row-text">
        <span className="record-row-title" data-user-text>
          {person.name}
        </span>
        {met && <span className="record-row-meta">{met}</span>}
        {languages && <span className="record-row-meta">{languages}</span>}
      </span>
    </>
  );
}

export function PlaceRow({ place }: { place: Place }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <RecordThumb photo={place.photo} fallback={<MapPin size={24} />} />
      <span className="record-row-text">
        <span className="record-row-title" data-user-text>
          {place.name}
        </span>
        <span className="record-row-meta">
          {joined([t(PLACE_KIND_KEYS[place.kind]), place.city && cityLabel(place.city, i18n.language)])}
        </span>
        {place.rating !== null && <RatingView rating={place.rating} />}
      </span>
    </>
  );
}

export function ThingRow({ thing }: { thing: Thing }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <RecordThumb photo={thing.photos[0]} fallback={<Package size={24} />} />
      <span className="record-row-text">
        <span className="record-row-title" data-user-text>
          {thing.name}
        </span>
        <span className="record-row-meta">
          {joined([
            thing.priceMinor > 0
              ? `${formatMoney(thing.priceMinor, thing.currency, i18n.language)} ${t(THING_UNIT_KEYS[thing.unit])}`
              : t('common.free'),
            t(THING_AVAILABILITY_KEYS[thing.availability]),
          ])}
        </span>
        {thing.visibility === 'offered' && (
          <span className="pill record-badge offered">{t('records.things.visibilities.offered')}</span>
        )}
      </span>
    </>
  );
}
