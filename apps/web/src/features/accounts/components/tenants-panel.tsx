import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Building2, Trash2 } from 'lucide-react';
import {
  createTenantInputSchema,
  TENANT_NAME_MAX,
  TENANT_SLUG_MAX,
  type Tenant,
} from '@tolk/shared/schemas/accounts-admin';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ConfirmDeleteDialog } from '../../../ui/confirm-dialog';
import { toastError } from '../../../ui/toast-error';
import { Field } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { schemaResolver, showSaveError } from '../../../ui/schema-form';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { submitWith } from '../../../ui/submit-with';
import { useCreateTenant } from '../api/create-tenant';
import { tenantsQuery } from '../api/list-tenants';
import { useRemoveTenant } from '../api/remove-tenant';
import { accountFieldMessage } from '../account-form';
import { TenantAudit } from './account-audit';

interface TenantForm {
  slug: string;
  name: string;
}

const tenantFieldOf = (apiField: string) => (apiField === 'slug' || apiField === 'name' ? apiField : undefined);

/** Adds a tenant: a slug (its name in sessions, for good) and a name people read. */
function NewTenantForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const resolver = useMemo(
    () =>
      schemaResolver<TenantForm>(
        createTenantInputSchema,
        (values) => ({ input: values }),
        tenantFieldOf,
        accountFieldMessage,
      ),
    [],
  );
  const form = useForm<TenantForm>({ defaultValues: { slug: '', name: '' }, resolver });
  const create = useCreateTenant({
    onSuccess: (tenant) => {
      toast.success(t('accounts.tenants.added', { name: tenant.name }));
      form.reset();
    },
    onError: (error) => {
      showSaveError(error, tenantFieldOf, form.setError, accountFieldMessage, t);
    },
  });
  const { errors } = form.formState;
  return (
    <form
      className="card tenant-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={submitWith(form.handleSubmit, (values) => {
        create.mutate(values);
      })}
    >
      <h2 id={titleId}>{t('accounts.tenants.new')}</h2>
      <div className="tenant-form-fields">
        <Field
          label={t('accounts.tenants.slug')}
          hint={t('accounts.tenants.slugHint')}
          maxLength={TENANT_SLUG_MAX}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <Field
          label={t('accounts.tenants.name')}
          maxLength={TENANT_NAME_MAX}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <FormError>{errors.root?.message}</FormError>
      <button type="submit" className="button primary" disabled={create.isPending}>
        {create.isPending ? t('common.saving') : t('accounts.tenants.add')}
      </button>
    </form>
  );
}

/**
 * The tenants (superadmins): each with its accounts, removable while empty (not root or public),
 * and the audit of tenants added and removed.
 */
export function TenantsPanel() {
  const { t, i18n } = useTranslation();
  const tenants = useQuery(tenantsQuery());
  const [removing, setRemoving] = useState<Tenant | undefined>();
  const remove = useRemoveTenant({
    onSuccess: (_nothing, tenant) => {
      toast.success(t('accounts.tenants.removed', { name: tenant.name }));
      setRemoving(undefined);
    },
    onError: (error) => {
      setRemoving(undefined);
      toastError(error, t);
    },
  });

  let list;
  if (tenants.isPending) list = <ScreenSkeleton lines={3} />;
  else if (tenants.isError) list = <QueryError as="div" error={tenants.error} onRetry={refetchOf(tenants)} />;
  else {
    list = (
      <ul className="tenant-list" aria-label={t('accounts.tabs.tenants')}>
        {tenants.data.map((tenant) => (
          <li key={tenant.id} className="tenant-row">
            <Building2 aria-hidden size={22} className="tenant-icon" />
            <span className="tenant-text">
              <span className="tenant-name" data-user-text>
                {tenant.name}
              </span>
              <code className="account-tag">{tenant.slug}</code>
              <Link to={paths.accountsIn(tenant.slug)}>
                {t('accounts.tenants.accounts', {
                  count: tenant.accounts,
                  number: formatNumber(tenant.accounts, i18n.language),
                })}
              </Link>
            </span>
            {tenant.removable && (
              <button
                type="button"
                className="button danger-outline"
                disabled={remove.isPending}
                onClick={() => {
                  setRemoving(tenant);
                }}
              >
                <Trash2 aria-hidden size={16} /> {t('accounts.tenants.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {list}
      <NewTenantForm />
      <TenantAudit />
      <ConfirmDeleteDialog
        open={removing !== undefined}
        subject={removing ? t('accounts.tenants.removeSubject', { name: removing.name }) : ''}
        busy={remove.isPending}
        confirmLabel={t('accounts.tenants.remove')}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onCancel={() => {
          setRemoving(undefined);
        }}
      />
    </>
  );
}
