import type { CreateTenantInput, Tenant } from '@tolk/shared/schemas/accounts-admin';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { tenantsQueryKey } from './keys';

/** POST /api/tenants: a tenant with a slug of its own (taken: 409 on the slug field). */
export const createTenant = (input: CreateTenantInput) => post<Tenant>('/tenants', input);

/** Adds a tenant; then the tenants ask again. */
export function useCreateTenant(
  options: Omit<UseMutationOptions<Tenant, Error, CreateTenantInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createTenant,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
    },
  });
}
