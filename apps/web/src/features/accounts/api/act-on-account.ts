import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AdminAccount, PasswordReset } from '@tolk/shared/schemas/accounts-admin';
import { accountQueryKey, refreshAfterAccountChange } from './keys';
import { reactivateAccount } from './reactivate-account';
import { resetPassword } from './reset-password';
import { suspendAccount } from './suspend-account';

export type AccountAction = 'suspend' | 'reactivate' | 'reset';

const ACTIONS: Record<AccountAction, (id: string) => Promise<AdminAccount | PasswordReset>> = {
  suspend: suspendAccount,
  reactivate: reactivateAccount,
  reset: resetPassword,
};

/**
 * Suspends, reactivates or resets the password of an account: its page holds the answer at once,
 * and after the screen's part the lists and audit ask again, and so do its sessions.
 */
export function useActOnAccount(
  id: string,
  options: Omit<UseMutationOptions<AdminAccount | PasswordReset, Error, AccountAction>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (action: AccountAction) => ACTIONS[action](id),
    onSuccess: async (result, ...rest) => {
      const saved = 'account' in result ? result.account : result;
      queryClient.setQueryData(accountQueryKey(saved.id), saved);
      await options.onSuccess?.(result, ...rest);
      // Its sessions and audit changed too.
      await Promise.all([
        refreshAfterAccountChange(queryClient, saved.id),
        queryClient.invalidateQueries({ queryKey: [...accountQueryKey(saved.id), 'sessions'] }),
      ]);
    },
  });
}
