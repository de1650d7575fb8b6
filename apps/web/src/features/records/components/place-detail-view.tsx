import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapPin, Plane, UsersRound } from 'lucide-react';
import type { Place } from '@tolk/shared/schemas/places';
import { paths } from '../../../lib/paths';
import { cityLabel } from '../../../ui/city-picker';
import { PLACE_KIND_KEYS, placeInputOf } from '../place-form';
import { useDeleteRecord } from '../use-delete-record';
import { PlaceMap } from './place-map';
import { RatingView } from './rating';
import { Facts } from '../../../ui/facts';
import { RecordStamp, RecordText } from './record-detail-parts';
import { DetailBar } from './record-screens';
import { RecordThumb } from './record-thumb';

/** A place I keep: on the map when it has a point, and with its city, the people and trips of that city. */
export function PlaceDetailView({ place, back }: { place: Place; back: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const remove = useDeleteRecord('places', place, placeInputOf);
  const { city } = place;
  const cityName = city ? cityLabel(city, i18n.language) : '';

  return (
    <article className="records record-detail" aria-labelledby={titleId}>
      <DetailBar kind="places" id={place.id} back={back} deleting={remove.deleting} onDelete={remove.ask} />
      <div className="record-hero">
        <RecordThumb photo={place.photo} large fallback={<MapPin size={40} />} />
        <div className="record-hero-text">
          <h1 id={titleId}>{place.name}</h1>
          <p className="muted">{t(PLACE_KIND_KEYS[place.kind])}</p>
          {place.rating !== null && <RatingView rating={place.rating} />}
        </div>
      </div>
      {city && (
        <div className="record-actions">
          <Link className="button primary" to={paths.connectInCity(city)}>
            <UsersRound aria-hidden size={18} /> {t('records.places.meet', { city: city.name })}
          </Link>
          <Link className="button" to={paths.connectPlanTrip(city)}>
            <Plane aria-hidden size={18} className="flip-rtl" /> {t('records.places.planTrip')}
          </Link>
        </div>
      )}
      <Facts
        className="fact-list record-facts"
        items={[
          [t('records.places.address'), place.address && <span dir="auto">{place.address}</span>],
          [t('records.places.city'), cityName],
        ]}
      />
      {place.lat !== null && place.lon !== null && (
        <PlaceMap label={t('records.map.label', { name: place.name })} point={{ lat: place.lat, lon: place.lon }} />
      )}
      <RecordText heading={t('records.form.note')} text={place.note} />
      <RecordStamp updatedAt={place.updatedAt} />
      {remove.dialog}
    </article>
  );
}
