import { useEffect, useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { THING_PHOTOS_MAX } from '@tolk/shared/schemas/records';
import {
  THING_AVAILABILITIES,
  THING_UNITS,
  THING_VISIBILITIES,
  thingInputSchema,
  type Thing,
} from '@tolk/shared/schemas/things';
import { profileQuery } from '../../profile/api/get-profile';
import { Field, FieldNotes, notesOf, SelectField } from '../../../ui/field';
import { LanguageSelect } from '../../../ui/language-select';
import { recordResolver } from '../../../ui/form-errors';
import { defaultCurrency, parsePrice, priceExample } from '../../../lib/price';
import {
  newThing,
  THING_AVAILABILITY_KEYS,
  THING_UNIT_KEYS,
  THING_VISIBILITY_KEYS,
  thingFieldOf,
  toThingForm,
  toThingInput,
  type ThingForm,
} from '../thing-form';
import { useRecordForm } from '../use-record-form';
import { SellerFee } from '../../payments';
import { CurrencyField } from './currency-field';
import { PhotoPicker } from './photo-picker';
import { RecordDescriptionField, RecordFormFrame, RecordNameField } from './record-form-parts';

/**
 * Where a member without a home city likely pays: their interface language, with the region the
 * browser gives for that same language ("en-GB" for an English reader), never another language's
 * (a Spanish reader's "en-US" browser is no sign of dollars).
 */
const readerLocales = (language: string) => {
  const base = language.split('-')[0]?.toLowerCase();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return [...browser.filter((tag) => tag.split('-')[0]?.toLowerCase() === base), language];
};

/** An item or a service: its price in major units of a currency, per what, whether it can be had, who sees it. */
export function ThingFormView({ record }: { record: Thing | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const visibilityId = useId();
  const resolver = useMemo(
    () => recordResolver<ThingForm>(thingInputSchema, (values) => toThingInput(values, language), thingFieldOf),
    [language],
  );
  // A new thing's price starts in the member's home country's currency, once their profile says it.
  const homeCountry = useQuery({ ...profileQuery(), enabled: !record }).data?.homeCity?.country ?? null;
  const blank = useMemo(
    () => newThing(defaultCurrency(readerLocales(language), homeCountry), language),
    [language, homeCountry],
  );
  const controls = useRecordForm({
    kind: 'things',
    record,
    blank,
    toForm: (thing: Thing) => toThingForm(thing, language),
    toInput: (values: ThingForm) => toThingInput(values, language).input,
    resolver,
    fieldOf: thingFieldOf,
  });
  const { form } = controls;
  const { errors } = form.formState;
  // The profile can come after the form: a currency not chosen yet follows it.
  useEffect(() => {
    if (!record && !form.getFieldState('currency').isDirty) {
      form.resetField('currency', { defaultValue: blank.currency });
    }
  }, [record, form, blank.currency]);
  const [price, currency] = useWatch({ control: form.control, name: ['price', 'currency'] });
  const minor = parsePrice(price, currency);
  let priceHint = t('records.things.priceHint', { example: priceExample(currency, language) });
  try {
    if (minor !== undefined)
      priceHint = t('records.things.priceShown', { price: formatMoney(minor, currency, language) });
  } catch {
    // A currency code still being typed: the example stays.
  }

  return (
    <RecordFormFrame controls={controls}>
      <RecordNameField label={t('records.things.name')} error={errors.name?.message} {...form.register('name')} />
      <RecordDescriptionField
        rows={4}
        hint={t('records.things.descriptionHint')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="descriptionLanguage"
        render={({ field, fieldState }) => (
          <LanguageSelect
            label={t('records.things.descriptionLanguage')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="record-price">
        <Field
          label={t('records.things.price')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          hint={priceHint}
          error={errors.price?.message}
          {...form.register('price')}
        />
        <Controller
          control={form.control}
          name="currency"
          render={({ field, fieldState }) => (
            <CurrencyField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      {minor !== undefined && <SellerFee priceMinor={minor} currency={currency} />}
      <div className="record-selects">
        <SelectField
          label={t('records.things.unit')}
          options={THING_UNITS.map((unit) => ({ value: unit, label: t(THING_UNIT_KEYS[unit]) }))}
          {...form.register('unit')}
        />
        <SelectField
          label={t('records.things.availability')}
          options={THING_AVAILABILITIES.map((value) => ({ value, label: t(THING_AVAILABILITY_KEYS[value]) }))}
          {...form.register('availability')}
        />
      </div>
      <PhotoPicker legend={t('records.photos.many')} max={THING_PHOTOS_MAX} {...controls.photos} />
      <fieldset
        className="choice-group"
        aria-describedby={notesOf(visibilityId, undefined, errors.visibility?.message)}
      >
        <legend>{t('records.things.visibility')}</legend>
        {THING_VISIBILITIES.map((value) => (
          <label key={value} className="choice-row">
            <input type="radio" value={value} {...form.register('visibility')} />
            <span>
              <span className="choice-label">{t(THING_VISIBILITY_KEYS[value].label)}</span>
              <span className="choice-hint">{t(THING_VISIBILITY_KEYS[value].hint)}</span>
            </span>
          </label>
        ))}
        <FieldNotes id={visibilityId} error={errors.visibility?.message} />
      </fieldset>
    </RecordFormFrame>
  );
}
