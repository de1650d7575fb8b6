import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Tenant } from '@tolk/shared/schemas/accounts-admin';
import { del } from '../../../lib/http';
import { tenantsQueryKey } from './keys';

/** DELETE /api/tenants/{slug}: an empty tenant other than root and public (else 409). */
export const removeTenant = (slug: string) => del<undefined>(`/tenants/${encodeURIComponent(slug)}`);

/** Removes a tenant; then the tenants ask again. */
export function useRemoveTenant(options: Omit<UseMutationOptions<undefined, Error, Tenant>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (tenant: Tenant) => removeTenant(tenant.slug),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
    },
  });
}
