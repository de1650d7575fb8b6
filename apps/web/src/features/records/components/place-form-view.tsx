import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { distanceKm, farFromCity, PLACE_NEAR_CITY_KM, type LatLon } from '@tolk/shared/geo';
import type { CityChoice } from '@tolk/shared/schemas/cities';
import { PLACE_ADDRESS_MAX, placeInputSchema, type Place } from '@tolk/shared/schemas/places';
import { formatKm } from '../../../lib/format';
import { CityField } from '../../../ui/city-field';
import { cityLabel } from '../../../ui/city-picker';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Field, SelectField } from '../../../ui/field';
import { recordResolver } from '../../../ui/form-errors';
import {
  NEW_PLACE,
  parsePoint,
  PLACE_KIND_KEYS,
  PLACE_KINDS,
  placeFieldOf,
  pointText,
  toPlaceForm,
  toPlaceInput,
  type PlaceForm,
} from '../place-form';
import { useRecordForm } from '../use-record-form';
import { PhotoPicker } from './photo-picker';
import { PlaceMap } from './place-map';
import { RatingInput } from './rating';
import { RecordFormFrame, RecordNameField, RecordNoteField } from './record-form-parts';

const toInput = (values: PlaceForm) => toPlaceInput(values).input;

/** How far a point lies from its city, when that is further than a city's outskirts; null otherwise. */
function farDistance(point: LatLon | null | undefined, city: CityChoice | null): number | null {
  // A city held from before its centre was sent has none to measure from.
  if (!point || !city || typeof city.lat !== 'number' || typeof city.lon !== 'number') return null;
  return farFromCity(point, city) ? distanceKm(point, city) : null;
}

/**
 * A place I keep: what and where (a city of the list, a point on the map), how good, a photo.
 * Choosing a city brings it into view on the map; a point far from the city (a tap in the wrong
 * place, in the wrong country) is said under the map and questioned before it is saved.
 */
export function PlaceFormView({ record }: { record: Place | undefined }) {
  const { t, i18n } = useTranslation();
  const resolver = useMemo(() => recordResolver<PlaceForm>(placeInputSchema, toPlaceInput, placeFieldOf), []);
  /** A save held until the member answers whether a far point is meant. */
  const [held, setHeld] = useState<{ save: () => void; km: number; city: CityChoice } | null>(null);
  /** The city last chosen, for the map to show; null until one is. */
  const [focus, setFocus] = useState<CityChoice | null>(null);
  const controls = useRecordForm({
    kind: 'places',
    record,
    blank: NEW_PLACE,
    toForm: toPlaceForm,
    toInput,
    resolver,
    fieldOf: placeFieldOf,
    beforeSave: (values, save) => {
      const km = farDistance(parsePoint(values.coordinates), values.city);
      if (km === null || !values.city) save();
      else setHeld({ save, km, city: values.city });
    },
  });
  const { form } = controls;
  const { errors, isSubmitted } = form.formState;
  const [coordinates, rating, name, city] = useWatch({
    control: form.control,
    name: ['coordinates', 'rating', 'name', 'city'],
  });
  // One object per point typed or picked, so the map follows a new point, not every render.
  const point = useMemo(() => parsePoint(coordinates) ?? null, [coordinates]);
  const far = farDistance(point, city);
  const distance = (km: number) => formatKm(Math.round(km), i18n.language);

  return (
    <RecordFormFrame controls={controls}>
      <RecordNameField label={t('records.places.name')} error={errors.name?.message} {...form.register('name')} />
      <SelectField
        label={t('records.places.kind')}
        options={PLACE_KINDS.map((kind) => ({ value: kind, label: t(PLACE_KIND_KEYS[kind]) }))}
        {...form.register('kind')}
      />
      <Field
        label={t('records.places.address')}
        maxLength={PLACE_ADDRESS_MAX}
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <CityField
        control={form.control}
        name="city"
        label={t('records.places.city')}
        hint={t('records.places.cityHint')}
        placeholder={t('records.places.cityPlaceholder')}
        onChosen={setFocus}
      />
      <fieldset className="record-fieldset">
        <legend>{t('records.places.location')}</legend>
        <PlaceMap
          label={t('records.map.label', { name: name.trim() || t('records.places.new') })}
          point={point}
          focus={focus}
          onPick={(picked) => {
            form.setValue('coordinates', pointText(picked), { shouldDirty: true, shouldValidate: isSubmitted });
          }}
        />
        <p className="record-far-note" role="status">
          {far !== null && city
            ? t('records.places.far', { distance: distance(far), city: cityLabel(city, i18n.language) })
            : ''}
        </p>
        <Field
          label={t('records.places.coordinates')}
          hint={t('records.places.coordinatesHint')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          error={errors.coordinates?.message}
          {...form.register('coordinates')}
        />
      </fieldset>
      <RatingInput registration={form.register('rating')} value={rating} error={errors.rating?.message} />
      <PhotoPicker legend={t('records.photos.one')} max={1} {...controls.photos} />
      <RecordNoteField error={errors.note?.message} {...form.register('note')} />
      <ConfirmDialog
        open={held !== null}
        title={t('records.places.farTitle', { city: held ? held.city.name : '' })}
        message={
          held
            ? t('records.places.farMessage', {
                distance: distance(held.km),
                city: cityLabel(held.city, i18n.language),
                limit: formatKm(PLACE_NEAR_CITY_KM, i18n.language),
              })
            : ''
        }
        confirmLabel={t('records.places.farSave')}
        cancelLabel={t('records.places.farMove')}
        danger={false}
        onConfirm={() => {
          const save = held?.save;
          setHeld(null);
          save?.();
        }}
        onCancel={() => {
          setHeld(null);
        }}
      />
    </RecordFormFrame>
  );
}
