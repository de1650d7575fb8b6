import type { CreateAccountInput, CreatedAccount } from '@tolk/shared/schemas/accounts-admin';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { accountQueryKey, refreshAfterAccountChange } from './keys';

/** POST /api/accounts: the account, and its one-time password when none was given (shown once). */
export const createAccount = (input: CreateAccountInput) => post<CreatedAccount>('/accounts', input);

/** Adds an account: its page holds it at once, and the lists and tenants ask again while the screen goes on. */
export function useCreateAccount(
  options: Omit<UseMutationOptions<CreatedAccount, Error, CreateAccountInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createAccount,
    onSuccess: async (result, ...rest) => {
      queryClient.setQueryData(accountQueryKey(result.account.id), result.account);
      void refreshAfterAccountChange(queryClient, result.account.id);
      await options.onSuccess?.(result, ...rest);
    },
  });
}
