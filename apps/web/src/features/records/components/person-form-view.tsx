import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERSON_LANGUAGES_MAX,
  PERSON_MET_WHERE_MAX,
  personInputSchema,
  type Person,
} from '@tolk/shared/schemas/persons';
import { USERNAME_MAX } from '@tolk/shared/limits';
import { Field, FieldNotes, notesOf, SelectField } from '../../../ui/field';
import { LanguageChips } from '../../../ui/language-chips';
import { placeChoicesQuery } from '../api/list-place-choices';
import { recordResolver } from '../../../ui/form-errors';
import { NEW_PERSON, personFieldOf, toPersonForm, toPersonInput, type PersonForm } from '../person-form';
import { useRecordForm } from '../use-record-form';
import { PhotoPicker } from './photo-picker';
import { RecordDescriptionField, RecordFormFrame, RecordNameField, RecordNoteField } from './record-form-parts';

/** Someone I met: who, where and when, the languages they speak, and their Tolk account if any. */
export function PersonFormView({ record }: { record: Person | undefined }) {
  const { t } = useTranslation();
  const languagesId = useId();
  const places = useQuery(placeChoicesQuery());
  const resolver = useMemo(
    () => recordResolver<PersonForm>(personInputSchema, (values) => ({ input: toPersonInput(values) }), personFieldOf),
    [],
  );
  const controls = useRecordForm({
    kind: 'persons',
    record,
    blank: NEW_PERSON,
    toForm: toPersonForm,
    toInput: toPersonInput,
    resolver,
    fieldOf: personFieldOf,
  });
  const { form } = controls;
  const { errors } = form.formState;
  // The place they were met at stays a choice even when the list of my places does not hold it.
  const choices = places.data ?? [];
  const metPlace = record?.metPlace;
  const placeOptions =
    metPlace && !choices.some((place) => place.id === metPlace.id) ? [metPlace, ...choices] : choices;

  return (
    <RecordFormFrame controls={controls}>
      <RecordNameField label={t('records.persons.name')} error={errors.name?.message} {...form.register('name')} />
      <PhotoPicker legend={t('records.photos.one')} max={1} {...controls.photos} />
      <RecordDescriptionField error={errors.description?.message} {...form.register('description')} />
      <fieldset className="record-fieldset">
        <legend>{t('records.persons.met')}</legend>
        <SelectField
          label={t('records.persons.metPlace')}
          error={errors.metPlaceId?.message}
          options={[
            { value: '', label: places.isPending ? t('common.loading') : t('records.persons.noPlace') },
            ...placeOptions.map((place) => ({ value: place.id, label: place.name })),
          ]}
          {...form.register('metPlaceId')}
        />
        <Field
          label={t('records.persons.metWhere')}
          maxLength={PERSON_MET_WHERE_MAX}
          error={errors.metWhere?.message}
          {...form.register('metWhere')}
        />
        <Field
          label={t('records.persons.metOn')}
          type="date"
          error={errors.metOn?.message}
          {...form.register('metOn')}
        />
      </fieldset>
      <Controller
        control={form.control}
        name="languages"
        render={({ field, fieldState }) => (
          <fieldset
            className="record-fieldset"
            aria-describedby={notesOf(languagesId, undefined, fieldState.error?.message)}
          >
            <legend>{t('records.persons.languages')}</legend>
            <LanguageChips
              value={field.value}
              onChange={field.onChange}
              max={PERSON_LANGUAGES_MAX}
              texts={{
                pick: t('records.languages.pick'),
                choose: t('records.languages.choose'),
                add: t('records.languages.add'),
                remove: (language) => t('records.languages.remove', { language }),
              }}
            />
            <FieldNotes id={languagesId} error={fieldState.error?.message} />
          </fieldset>
        )}
      />
      <Field
        label={t('records.persons.username')}
        hint={t('records.persons.usernameHint')}
        maxLength={USERNAME_MAX}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <RecordNoteField error={errors.note?.message} {...form.register('note')} />
    </RecordFormFrame>
  );
}
