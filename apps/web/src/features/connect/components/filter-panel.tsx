import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INTERESTS, type Interest } from '@tolk/shared/interests';
import type { CityRef } from '@tolk/shared/schemas/cities';
import { CityField } from '../../../ui/city-field';
import { Field, FieldNotes } from '../../../ui/field';
import { LanguageSelect } from '../../../ui/language-select';
import { submitWith } from '../../../ui/submit-with';
import { AGE_MAX, AGE_MIN, DISTANCES_KM, NO_FILTERS, type ConnectFilters } from '../filters';
import { formatKm } from '../format';

/** The panel's fields as the inputs hold them: text for numbers, '' for "any". */
interface PanelForm {
  speaks: string;
  learns: string;
  interest: Interest | '';
  city: CityRef | null;
  withinKm: string;
  travellingTo: CityRef | null;
  from: string;
  until: string;
  ageMin: string;
  ageMax: string;
}

const toForm = (filters: ConnectFilters): PanelForm => ({
  speaks: filters.speaks,
  learns: filters.learns,
  interest: filters.interest,
  city: filters.city,
  withinKm: filters.withinKm === null ? '' : String(filters.withinKm),
  travellingTo: filters.travellingTo,
  from: filters.from,
  until: filters.until,
  ageMin: filters.ageMin === null ? '' : String(filters.ageMin),
  ageMax: filters.ageMax === null ? '' : String(filters.ageMax),
});

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

interface FilterPanelProps {
  id: string;
  filters: ConnectFilters;
  onApply: (filters: ConnectFilters) => void;
}

/** Every discovery filter but the name search, applied together ("Show people"). */
export function FilterPanel({ id, filters, onApply }: FilterPanelProps) {
  const { t, i18n } = useTranslation();
  const ids = { interest: useId(), distance: useId() };
  const form = useForm<PanelForm>({ defaultValues: toForm(filters) });
  const { errors } = form.formState;
  const travellingTo = useWatch({ control: form.control, name: 'travellingTo' });
  const city = useWatch({ control: form.control, name: 'city' });
  const collator = new Intl.Collator(i18n.language);
  const interests = INTERESTS.map((tag) => ({ tag, name: t(`interests.${tag}`) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
  const withinKm = useWatch({ control: form.control, name: 'withinKm' });
  const distances: number[] = [...DISTANCES_KM];
  // A distance from a shared link that the list does not offer stays shown as it is.
  if (withinKm && !distances.includes(Number(withinKm))) distances.push(Number(withinKm));
  const any = t('connect.filters.any');
  const ageRule = {
    validate: (value: string) => {
      if (value.trim() === '') return true;
      const age = Number(value);
      return (
        (Number.isInteger(age) && age >= AGE_MIN && age <= AGE_MAX) ||
        t('connect.filters.ageBounds', { min: AGE_MIN, max: AGE_MAX })
      );
    },
  };

  const apply = (values: PanelForm) => {
    onApply({
      ...filters,
      speaks: values.speaks,
      learns: values.learns,
      interest: values.interest,
      city: values.city,
      withinKm: numberOrNull(values.withinKm),
      travellingTo: values.travellingTo,
      from: values.travellingTo ? values.from : '',
      until: values.travellingTo ? values.until : '',
      ageMin: numberOrNull(values.ageMin),
      ageMax: numberOrNull(values.ageMax),
    });
  };

  return (
    <form id={id} className="card raised filter-panel" noValidate onSubmit={submitWith(form.handleSubmit, apply)}>
      <div className="filter-grid">
        <Controller
          control={form.control}
          name="speaks"
          render={({ field }) => (
            <LanguageSelect
              label={t('connect.filters.speaks')}
              value={field.value}
              onChange={field.onChange}
              extraOption={{ value: '', label: any }}
              name={field.name}
            />
          )}
        />
        <Controller
          control={form.control}
          name="learns"
          render={({ field }) => (
            <LanguageSelect
              label={t('connect.filters.learns')}
              value={field.value}
              onChange={field.onChange}
              extraOption={{ value: '', label: any }}
              name={field.name}
            />
          )}
        />
        <div className="field">
          <label htmlFor={ids.interest}>{t('connect.filters.interest')}</label>
          <select id={ids.interest} {...form.register('interest')}>
            <option value="">{any}</option>
            {interests.map(({ tag, name }) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="legend-inside filter-group">
        <legend>{t('connect.filters.where')}</legend>
        <div className="filter-grid">
          <CityField
            control={form.control}
            name="city"
            label={t('connect.filters.city')}
            placeholder={t('connect.filters.anyCity')}
          />
          <div className="field">
            <label htmlFor={ids.distance}>{t('connect.filters.distance')}</label>
            <select
              id={ids.distance}
              aria-describedby={city ? undefined : `${ids.distance}-hint`}
              {...form.register('withinKm')}
            >
              <option value="">{any}</option>
              {distances.map((km) => (
                <option key={km} value={String(km)}>
                  {t('connect.filters.within', { distance: formatKm(km, i18n.language) })}
                </option>
              ))}
            </select>
            <FieldNotes id={ids.distance} hint={city ? undefined : t('connect.filters.distanceHint')} />
          </div>
        </div>
      </fieldset>

      <fieldset className="legend-inside filter-group">
        <legend>{t('connect.filters.travel')}</legend>
        <CityField
          control={form.control}
          name="travellingTo"
          label={t('connect.filters.travellingTo')}
          hint={t('connect.filters.travellingToHint')}
          placeholder={t('connect.filters.anyCity')}
        />
        {travellingTo && (
          <div className="filter-pair">
            <Field label={t('connect.filters.from')} type="date" {...form.register('from')} />
            <Field
              label={t('connect.filters.until')}
              type="date"
              error={errors.until?.message}
              {...form.register('until', {
                validate: (until, values) =>
                  !until || !values.from || until >= values.from || t('connect.filters.untilBeforeFrom'),
              })}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="legend-inside filter-group">
        <legend>{t('connect.filters.age')}</legend>
        <div className="filter-pair">
          <Field
            label={t('connect.filters.ageMin')}
            type="number"
            inputMode="numeric"
            min={AGE_MIN}
            max={AGE_MAX}
            error={errors.ageMin?.message}
            {...form.register('ageMin', ageRule)}
          />
          <Field
            label={t('connect.filters.ageMax')}
            type="number"
            inputMode="numeric"
            min={AGE_MIN}
            max={AGE_MAX}
            error={errors.ageMax?.message}
            {...form.register('ageMax', {
              validate: (value, values) => {
                const bounds = ageRule.validate(value);
                if (bounds !== true) return bounds;
                const min = numberOrNull(values.ageMin);
                const max = numberOrNull(value);
                return min === null || max === null || max >= min || t('connect.filters.ageOrder');
              },
            })}
          />
        </div>
      </fieldset>

      <div className="actions filter-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            form.reset(toForm(NO_FILTERS));
            onApply({ ...NO_FILTERS, q: filters.q });
          }}
        >
          {t('connect.filters.clear')}
        </button>
        <button type="submit" className="button primary">
          {t('connect.filters.apply')}
        </button>
      </div>
    </form>
  );
}
