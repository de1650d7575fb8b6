import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { TRIP_NOTE_MAX, TRIP_VISIBILITIES, type Trip } from '@tolk/shared/schemas/connect';
import { citiesQuery } from '../../../lib/cities';
import { HttpError } from '../../../lib/http-error';
import { CityPicker, cityLabel } from '../../../ui/city-picker';
import { errorMessage, serverFieldMessage } from '../../../ui/error-message';
import { FieldNotes } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { submitWith } from '../../../ui/submit-with';
import { tripsQueryKey } from '../api/list-trips';
import { createTrip, updateTrip } from '../api/save-trip';
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
  /** Saved: the form closes. */
  onDone: (trip: Trip) => void;
  onCancel: () => void;
}

/**
 * Planning a trip, or changing one: where (a city of the list), when, a note written in my
 * language (each reader gets it in theirs) and who sees it. The order of the days is the server's
 * rule; what it says is shown on the field it names.
 */
export function TripFormView({ trip, onDone, onCancel }: TripFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { title: useId(), arrival: useId(), departure: useId(), note: useId(), visibility: useId() };
  const form = useForm<TripForm>({ defaultValues: trip ? toTripForm(trip) : NEW_TRIP });
  const { errors } = form.formState;
  const [arrival, note] = useWatch({ control: form.control, name: ['arrival', 'note'] });
  const today = localToday();
  const formRef = useRef<HTMLFormElement>(null);

  // The button that opened the form is gone: the first field takes the focus in its place.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (values: TripForm & { city: NonNullable<TripForm['city']> }) =>
      trip ? updateTrip(trip.id, toTripInput(values)) : createTrip(toTripInput(values)),
    onSuccess: async (saved) => {
      const city = cityLabel(saved.city, i18n.language);
      toast.success(trip ? t('connect.trips.toast.saved', { city }) : t('connect.trips.toast.planned', { city }));
      onDone(saved);
      await queryClient.invalidateQueries({ queryKey: tripsQueryKey });
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
    save.mutate({ ...values, city });
  };

  const dateError = (name: 'arrival' | 'departure') => errors[name]?.message;
  const describedBy = (id: string, error: string | undefined, hint = false) =>
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const noteError = errors.note?.message;

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
      <Controller
        control={form.control}
        name="city"
        rules={{ required: t('connect.trips.form.cityRequired') }}
        render={({ field, fieldState }) => (
          <CityPicker
            label={t('connect.trips.form.destination')}
            placeholder={t('connect.trips.form.destinationPlaceholder')}
            search={citiesQuery}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="trip-form-dates">
        <div className="field">
          <label htmlFor={ids.arrival}>{t('connect.trips.form.arrival')}</label>
          <input
            id={ids.arrival}
            type="date"
            min={trip ? undefined : today}
            aria-invalid={dateError('arrival') ? true : undefined}
            aria-describedby={describedBy(ids.arrival, dateError('arrival'))}
            {...form.register('arrival', { required: t('validation.required') })}
          />
          <FieldNotes id={ids.arrival} error={dateError('arrival')} />
        </div>
        <div className="field">
          <label htmlFor={ids.departure}>{t('connect.trips.form.departure')}</label>
          <input
            id={ids.departure}
            type="date"
            min={arrival || (trip ? undefined : today)}
            aria-invalid={dateError('departure') ? true : undefined}
            aria-describedby={describedBy(ids.departure, dateError('departure'))}
            {...form.register('departure', { required: t('validation.required') })}
          />
          <FieldNotes id={ids.departure} error={dateError('departure')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.note}>{t('connect.trips.form.note')}</label>
        <textarea
          id={ids.note}
          rows={3}
          maxLength={TRIP_NOTE_MAX}
          placeholder={t('connect.trips.form.notePlaceholder')}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={describedBy(ids.note, noteError, true)}
          {...form.register('note', {
            maxLength: { value: TRIP_NOTE_MAX, message: t('validation.maxChars', { count: TRIP_NOTE_MAX }) },
          })}
        />
        <FieldNotes id={ids.note} hint={t('connect.trips.form.noteHint')} error={noteError} />
        <p className="note-count small muted">{t('connect.dialog.count', { used: note.length, max: TRIP_NOTE_MAX })}</p>
      </div>
      <fieldset className="choice-group" aria-describedby={describedBy(ids.visibility, errors.visibility?.message)}>
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
      <div className="actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : trip ? t('connect.trips.form.save') : t('connect.trips.form.add')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
