import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PROFILE_VISIBILITIES, type Profile } from '@tolk/shared/schemas/profile';
import { DISPLAY_NAME_MAX } from '@tolk/shared/schemas/auth';
import { HttpError } from '../../../lib/http';
import { useLoginResponse } from '../../../lib/session';
import { Field } from '../../../ui/field';
import { UiLanguageSelect } from '../../../ui/ui-language-select';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { errorMessage } from '../../../ui/error-message';
import { profileQuery, profileQueryKey } from '../api/get-profile';
import { AvatarEditor } from '../components/avatar-editor';
import { updateProfile } from '../api/update-profile';
import { submitWith } from '../../../ui/submit-with';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../profile.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

interface EditForm {
  displayName: string;
  language: string;
  bio: string;
  interests: string;
  homeCity: string;
  homeCountry: string;
  birthYear: string;
  visibility: Profile['visibility'];
}

const toForm = (profile: Profile): EditForm => ({
  displayName: profile.displayName,
  language: profile.language,
  bio: profile.bio,
  interests: profile.interests.join(', '),
  homeCity: profile.homeCity,
  homeCountry: profile.homeCountry,
  birthYear: profile.birthYear === null ? '' : String(profile.birthYear),
  visibility: profile.visibility,
});

const visibilityKey = {
  public: 'profile.visibilityPublic',
  members: 'profile.visibilityMembers',
  private: 'profile.visibilityPrivate',
} as const;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { bio: useId(), visibility: useId() };
  const queryClient = useQueryClient();
  const { updateLoginResponse } = useLoginResponse();
  const query = useQuery(profileQuery());
  const form = useForm<EditForm>();
  const { reset } = form;
  useEffect(() => {
    if (query.data) reset(toForm(query.data));
  }, [query.data, reset]);

  const mutation = useMutation({
    mutationFn: (values: EditForm) =>
      updateProfile({
        displayName: values.displayName,
        language: values.language,
        bio: values.bio,
        interests: [
          ...new Set(
            values.interests
              .split(/[,，、،]/)
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ],
        homeCity: values.homeCity,
        homeCountry: values.homeCountry,
        birthYear: values.birthYear.trim() ? Number(values.birthYear) : null,
        visibility: values.visibility,
      }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      updateLoginResponse({ displayName: profile.displayName, language: profile.language });
      toast.success(t('profile.saved'));
      await navigate(paths.profile);
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      for (const [field, messages] of Object.entries(error.fields)) {
        const name = field.split('.')[0] as keyof EditForm;
        if (messages[0]) form.setError(name, { type: 'server', message: messages[0] });
      }
    },
  });

  if (query.isPending) return <ScreenSkeleton lines={8} />;
  if (query.isError) {
    return <QueryError error={query.error} onRetry={refetchOf(query)} />;
  }
  const { errors } = form.formState;

  return (
    <section className="form-screen" aria-labelledby="profile-edit-title">
      <h1 id="profile-edit-title">{t('profile.editTitle')}</h1>
      <AvatarEditor profile={query.data} />
      <form noValidate onSubmit={submitWith(form.handleSubmit, mutation.mutate)}>
        <Field
          label={t('profile.displayName')}
          maxLength={DISPLAY_NAME_MAX}
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <UiLanguageSelect
          label={t('profile.language')}
          hint={t('profile.languageHint')}
          {...form.register('language')}
        />
        <div className="field">
          <label htmlFor={ids.bio}>{t('profile.bio')}</label>
          <textarea id={ids.bio} rows={4} maxLength={1000} {...form.register('bio')} />
          {errors.bio && <p className="field-error">{errors.bio.message}</p>}
        </div>
        <Field
          label={t('profile.interests')}
          hint={t('profile.interestsHint')}
          error={errors.interests?.message}
          {...form.register('interests')}
        />
        <Field label={t('profile.homeCity')} error={errors.homeCity?.message} {...form.register('homeCity')} />
        <Field label={t('profile.homeCountry')} error={errors.homeCountry?.message} {...form.register('homeCountry')} />
        <Field
          label={t('profile.birthYear')}
          inputMode="numeric"
          error={errors.birthYear?.message}
          {...form.register('birthYear')}
        />
        <div className="field">
          <label htmlFor={ids.visibility}>{t('profile.visibility')}</label>
          <select id={ids.visibility} {...form.register('visibility')}>
            {PROFILE_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {t(visibilityKey[value])}
              </option>
            ))}
          </select>
        </div>
        {mutation.isError && Object.keys(errors).length === 0 && (
          <FormError>{errorMessage(mutation.error, t)}</FormError>
        )}
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
    </section>
  );
}
