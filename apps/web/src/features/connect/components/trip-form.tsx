import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CityRef } from '@tolk/shared/schemas/cities';
import { TRIP_NOTE_MAX, TRIP_VISIBILITIES, type Trip } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { CityField } from '../../../ui/city-field';
import { cityLabel } from '../../../ui/city-picker';
import { errorMessage, serverFieldMessage } from '../../../ui/error-message';
import { Field, FieldNotes, notesOf, TextAreaField } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { submitWith } from '../../../ui/submit-with';
import { FormActions } from '../../../ui/form-actions';
import { useSaveTrip } from '../api/save-trip';
import {
  localToday,
  NEW_TRIP,
  toTripForm,
  toTripInput,
  TRIP_VISIBILITY_KEYS,
  tripFieldOf,
  type TripForm,
} from '../trip-form';

interface TripFormProps {
  /** The trip to change; a new one without. */
  trip?: Trip | undefined;
  /** A new trip's destination, chosen already (a link from a place of mine). */
  city?: CityRef | null | undefined;
  /** Saved: the form closes. */
  onDone: (trip: Trip) => void;
  onCancel: () => void;
}

/**
 * Planning a trip, or changing one: where (a city of the list), when, a note written in my
 * language (each reader gets it in theirs) and who sees it. The order of the days is the server's
 * rule; what it says is shown on the field it names.
 */
export function TripFormView({ trip, city = null, onDone, onCancel }: TripFormProps) {
  const { t, i18n } = useTranslation();
  const ids = { title: useId(), visibility: useId() };
  const form = useForm<TripForm>({ defaultValues: trip ? toTripForm(trip) : { ...NEW_TRIP, city } });
  const { errors } = form.formState;
  const [arrival, note] = useWatch({ control: form.control, name: ['arrival', 'note'] });
  const today = localToday();
  const formRef = useRef<HTMLFormElement>(null);

  // The button that opened the form is gone: the first field takes the focus in its place.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const save = useSaveTrip(trip?.id, {
    onSuccess: (saved) => {
      const city = cityLabel(saved.city, i18n.language);
      toast.success(trip ? t('connect.trips.toast.saved', { city }) : t('connect.trips.toast.planned', { city }));
      onDone(saved);
    },
    onError: (error) => {
      const fields = error instanceof HttpError ? Object.entries(error.fields) : [];
      let shown = false;
      for (const [field, messages] of fields) {
        const name = tripFieldOf(field);
        const message = messages[0];
        if (!name || !message) continue;
        form.setError(name, { type: 'server', message: serverFieldMessage(message) });
        shown = true;
      }
      if (!shown) form.setError('root', { type: 'server', message: errorMessage(error, t) });
    },
  });

  const send = (values: TripForm) => {
    const { city } = values;
    if (!city) return;
    form.clearErrors('root');
    save.mutate(toTripInput({ ...values, city }));
  };

  return (
    <form
      ref={formRef}
      className="trip-form"
      noValidate
      aria-labelledby={ids.title}
      onSubmit={submitWith(form.handleSubmit, send)}
    >
      <h3 id={ids.title}>{trip ? t('connect.trips.form.editTitle') : t('connect.trips.form.title')}</h3>
      <FormError>{errors.root?.message}</FormError>
      <CityField
        control={form.control}
        name="city"
        rules={{ required: t('connect.trips.form.cityRequired') }}
        label={t('connect.trips.form.destination')}
        placeholder={t('connect.trips.form.destinationPlaceholder')}
      />
      <div className="trip-form-dates">
        <Field
          label={t('connect.trips.form.arrival')}
          type="date"
          min={trip ? undefined : today}
          error={errors.arrival?.message}
          {...form.register('arrival', { required: t('validation.required') })}
        />
        <Field
          label={t('connect.trips.form.departure')}
          type="date"
          min={arrival || (trip ? undefined : today)}
          error={errors.departure?.message}
          {...form.register('departure', { required: t('validation.required') })}
        />
      </div>
      <TextAreaField
        label={t('connect.trips.form.note')}
        rows={3}
        maxLength={TRIP_NOTE_MAX}
        placeholder={t('connect.trips.form.notePlaceholder')}
        hint={t('connect.trips.form.noteHint')}
        error={errors.note?.message}
        count={t('connect.dialog.count', { used: note.length, max: TRIP_NOTE_MAX })}
        {...form.register('note', {
          maxLength: { value: TRIP_NOTE_MAX, message: t('validation.maxChars', { count: TRIP_NOTE_MAX }) },
        })}
      />
      <fieldset
        className="choice-group"
        aria-describedby={notesOf(ids.visibility, undefined, errors.visibility?.message)}
      >
        <legend>{t('connect.trips.visibility.label')}</legend>
        {TRIP_VISIBILITIES.map((value) => (
          <label key={value} className="choice-row">
            <input type="radio" value={value} {...form.register('visibility')} />
            <span>
              <span className="choice-label">{t(TRIP_VISIBILITY_KEYS[value].label)}</span>
              <span className="choice-hint">{t(TRIP_VISIBILITY_KEYS[value].hint)}</span>
            </span>
          </label>
        ))}
        <FieldNotes id={ids.visibility} error={errors.visibility?.message} />
      </fieldset>
      <FormActions
        submitLabel={
          save.isPending ? t('common.saving') : trip ? t('connect.trips.form.save') : t('connect.trips.form.add')
        }
        busy={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
