import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BellRing, ChevronRight } from 'lucide-react';
import { toast } from 'react-toastify';
import { BIO_MAX, MESSAGE_POLICIES, PROFILE_VISIBILITIES, type Profile } from '@tolk/shared/schemas/profile';
import { DISPLAY_NAME_MAX } from '@tolk/shared/schemas/auth';
import { HttpError } from '../../../lib/http';
import { useLoginResponse } from '../../../lib/session';
import { CityField } from '../../../ui/city-field';
import { Field, TextAreaField } from '../../../ui/field';
import { UiLanguageSelect } from '../../../ui/ui-language-select';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { errorMessage } from '../../../ui/error-message';
import { profileQuery } from '../api/get-profile';
import { AvatarEditor } from '../components/avatar-editor';
import { ChoiceGroup } from '../components/choice-group';
import { InterestsInput } from '../components/interests-input';
import { LearningLanguagesInput } from '../components/learning-languages-input';
import { SpokenLanguagesInput } from '../components/spoken-languages-input';
import { useUpdateProfile } from '../api/update-profile';
import { MESSAGE_POLICY_KEYS, VISIBILITY_KEYS } from '../profile-labels';
import { formFieldOf, toForm, toInput, type EditForm } from '../profile-form';
import { submitWith } from '../../../ui/submit-with';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { EmailSettings } from '../../auth';
import '../profile.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

const thisYear = new Date().getFullYear();
/** The shared schema's bounds for a birth year, checked here first to say so in the reader's language. */
const BIRTH_YEAR = { min: thisYear - 120, max: thisYear - 13 };

export function Component() {
  const { t } = useTranslation();
  const query = useQuery(profileQuery());

  if (query.isPending) return <ScreenSkeleton lines={8} />;
  if (query.isError) {
    return <QueryError error={query.error} onRetry={refetchOf(query)} />;
  }
  return (
    <section className="form-screen profile-edit" aria-labelledby="profile-edit-title">
      <h1 id="profile-edit-title">{t('profile.editTitle')}</h1>
      <AvatarEditor profile={query.data} />
      <ProfileForm profile={query.data} />
      <EmailSettings />
      <NotificationSettingsLink />
    </section>
  );
}

/** Beside my address: where each kind of notification reaches me (push, email), on a screen of its own. */
function NotificationSettingsLink() {
  const { t } = useTranslation();
  return (
    <Link className="profile-link-row" to={paths.notificationSettings}>
      <BellRing aria-hidden size={22} />
      <span>
        <span className="profile-link-label">{t('profile.notificationSettings')}</span>
        <span className="profile-link-hint">{t('profile.notificationSettingsHint')}</span>
      </span>
      <ChevronRight aria-hidden size={20} className="flip-rtl" />
    </Link>
  );
}

/**
 * The form, filled once from the profile as loaded: a photo changed meanwhile (which refreshes the
 * profile) leaves what is being typed alone.
 */
function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { updateLoginResponse } = useLoginResponse();
  const form = useForm<EditForm>({ defaultValues: toForm(profile) });

  const mutation = useUpdateProfile({
    onSuccess: async (saved) => {
      updateLoginResponse({ displayName: saved.displayName, language: saved.language });
      toast.success(t('profile.saved'));
      await navigate(paths.profile);
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      for (const [field, messages] of Object.entries(error.fields)) {
        const name = formFieldOf(field);
        if (name && messages[0] && !form.getFieldState(name).error) {
          form.setError(name, { type: 'server', message: messages[0] });
        }
      }
    },
  });

  const { errors } = form.formState;

  return (
    <form
      noValidate
      onSubmit={submitWith(form.handleSubmit, (values) => {
        mutation.mutate(toInput(values));
      })}
    >
      <Field
        label={t('profile.displayName')}
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="nickname"
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <UiLanguageSelect label={t('profile.language')} hint={t('profile.languageHint')} {...form.register('language')} />
      <TextAreaField
        label={t('profile.bio')}
        rows={5}
        maxLength={BIO_MAX}
        hint={t('profile.bioHint')}
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <CityField
        control={form.control}
        name="homeCity"
        label={t('profile.homeCity')}
        hint={t('profile.homeCityHint')}
      />
      <Field
        label={t('profile.birthYear')}
        hint={t('profile.birthYearHint')}
        inputMode="numeric"
        autoComplete="bday-year"
        maxLength={4}
        error={errors.birthYear?.message}
        {...form.register('birthYear', {
          validate: (year) => {
            const trimmed = year.trim();
            if (!trimmed) return true;
            const value = Number(trimmed);
            return (
              (/^\d{4}$/.test(trimmed) && value >= BIRTH_YEAR.min && value <= BIRTH_YEAR.max) ||
              t('validation.birthYear', BIRTH_YEAR)
            );
          },
        })}
      />
      <Controller
        control={form.control}
        name="languagesSpoken"
        render={({ field, fieldState }) => (
          <SpokenLanguagesInput value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="languagesLearning"
        render={({ field, fieldState }) => (
          <LearningLanguagesInput value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="interests"
        render={({ field, fieldState }) => (
          <InterestsInput value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <ChoiceGroup
        legend={t('profile.visibility')}
        error={errors.visibility?.message}
        options={PROFILE_VISIBILITIES.map((value) => ({ value, label: t(VISIBILITY_KEYS[value]) }))}
        registration={form.register('visibility')}
      />
      <ChoiceGroup
        legend={t('profile.messagePolicy')}
        error={errors.messagePolicy?.message}
        options={MESSAGE_POLICIES.map((value) => ({ value, label: t(MESSAGE_POLICY_KEYS[value]) }))}
        registration={form.register('messagePolicy')}
      />
      {mutation.isError && Object.keys(errors).length === 0 && <FormError>{errorMessage(mutation.error, t)}</FormError>}
      <div className="actions">
        <button type="submit" className="button primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('common.saving') : t('common.save')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigate(paths.profile);
          }}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
