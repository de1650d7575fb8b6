import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LANGUAGE_NAMES, UI_LANGUAGES } from '@tolk/shared/languages';
import { DISPLAY_NAME_MAX } from '@tolk/shared/limits';
import { ROLES_MAX } from '@tolk/shared/schemas/accounts-admin';
import { Field, SelectField } from '../../../ui/field';
import { tenantsQuery } from '../api/list-tenants';
import type { AccountProfileForm } from '../account-form';

type ProfileField = keyof AccountProfileForm;

interface AccountFieldsProps {
  register: (name: ProfileField) => UseFormRegisterReturn;
  /** The form's errors (those of its other fields are its own to show). */
  errors: Partial<Record<ProfileField, { message?: string } | undefined>>;
  /** The language and tenant the account has now: kept as choices even when the lists lack them. */
  current: { language: string; tenant: string };
}

/** What an admin sets on any account: display name, language, roles and tenant. */
export function AccountFields({ register, errors, current }: AccountFieldsProps) {
  const { t } = useTranslation();
  const tenants = useQuery(tenantsQuery());
  const languages: { value: string; label: string }[] = UI_LANGUAGES.map((code) => ({
    value: code,
    label: LANGUAGE_NAMES[code],
  }));
  if (!languages.some((option) => option.value === current.language)) {
    languages.unshift({ value: current.language, label: current.language });
  }
  const tenantOptions = (tenants.data ?? []).map((tenant) => ({
    value: tenant.slug,
    label: `${tenant.name} (${tenant.slug})`,
  }));
  if (!tenantOptions.some((option) => option.value === current.tenant)) {
    tenantOptions.unshift({ value: current.tenant, label: current.tenant });
  }
  return (
    <>
      <Field
        label={t('accounts.fields.displayName')}
        hint={t('accounts.form.displayNameHint')}
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="off"
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <div className="account-form-pair">
        <SelectField
          label={t('accounts.fields.language')}
          error={errors.language?.message}
          options={languages}
          {...register('language')}
        />
        <SelectField
          label={t('accounts.fields.tenant')}
          hint={tenants.isError ? t('accounts.form.tenantsFailed') : undefined}
          error={errors.tenant?.message}
          options={tenantOptions}
          {...register('tenant')}
        />
      </div>
      <Field
        label={t('accounts.fields.roles')}
        hint={t('accounts.form.rolesHint')}
        maxLength={ROLES_MAX}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        error={errors.roles?.message}
        {...register('roles')}
      />
    </>
  );
}
