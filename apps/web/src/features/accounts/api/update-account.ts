import type { AdminAccount, UpdateAccountInput } from '@tolk/shared/schemas/accounts-admin';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { patch } from '../../../lib/http';
import { accountQueryKey, refreshAfterAccountChange } from './keys';

/**
 * PATCH /api/accounts/{id}: display name, language, roles and tenant, with the version the form was
 * loaded from; an account changed since then is refused with 409 `conflict`, never merged.
 */
export const updateAccount = (id: string, input: UpdateAccountInput) =>
  patch<AdminAccount>(`/accounts/${encodeURIComponent(id)}`, input);

/** Saves an account: its page holds the answer at once, and the lists and audit ask again while the screen goes on. */
export function useUpdateAccount(
  id: string,
  options: Omit<UseMutationOptions<AdminAccount, Error, UpdateAccountInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: UpdateAccountInput) => updateAccount(id, input),
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(accountQueryKey(saved.id), saved);
      void refreshAfterAccountChange(queryClient, saved.id);
      await options.onSuccess?.(saved, ...rest);
    },
  });
}
