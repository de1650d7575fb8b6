import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLACE_ADDRESS_MAX, placeInputSchema, type Place } from '@tolk/shared/schemas/places';
import { RECORD_NAME_MAX, RECORD_TEXT_MAX } from '@tolk/shared/schemas/records';
import { CityField } from '../../../ui/city-field';
import { Field, SelectField, TextAreaField } from '../../../ui/field';
import { recordResolver } from '../form-errors';
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
import { RecordFormFrame } from './record-form-parts';

const toInput = (values: PlaceForm) => toPlaceInput(values).input;

/** A place I keep: what and where (a city of the list, a point on the map), how good, a photo. */
export function PlaceFormView({ record }: { record: Place | undefined }) {
  const { t } = useTranslation();
  const resolver = useMemo(() => recordResolver<PlaceForm>(placeInputSchema, toPlaceInput, placeFieldOf), []);
  const controls = useRecordForm({
    kind: 'places',
    record,
    blank: NEW_PLACE,
    toForm: toPlaceForm,
    toInput,
    resolver,
    fieldOf: placeFieldOf,
  });
  const { form } = controls;
  const { errors, isSubmitted } = form.formState;
  const [coordinates, rating, name] = useWatch({ control: form.control, name: ['coordinates', 'rating', 'name'] });
  const point = parsePoint(coordinates) ?? null;

  return (
    <RecordFormFrame controls={controls}>
      <Field
        label={t('records.places.name')}
        maxLength={RECORD_NAME_MAX}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
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
      />
      <fieldset className="record-fieldset">
        <legend>{t('records.places.location')}</legend>
        <PlaceMap
          label={t('records.map.label', { name: name.trim() || t('records.places.new') })}
          point={point}
          onPick={(picked) => {
            form.setValue('coordinates', pointText(picked), { shouldDirty: true, shouldValidate: isSubmitted });
          }}
        />
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
      <TextAreaField
        label={t('records.form.note')}
        rows={3}
        maxLength={RECORD_TEXT_MAX}
        error={errors.note?.message}
        {...form.register('note')}
      />
    </RecordFormFrame>
  );
}
