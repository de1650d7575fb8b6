import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AccountEmail } from '@tolk/shared/schemas/auth';
import { get, post, put } from '../../../lib/http';

export const accountEmailQueryKey = ['auth', 'email'] as const;

/** GET /api/auth/email: my address and whether I proved it mine. */
export const getAccountEmail = (signal?: AbortSignal) => get<AccountEmail>('/auth/email', { signal });

export const accountEmailQuery = () =>
  queryOptions({ queryKey: accountEmailQueryKey, queryFn: ({ signal }) => getAccountEmail(signal) });

/** PUT /api/auth/email: a new address (its link to verify it is mailed to it), or null to remove mine. */
export const setAccountEmail = (email: string | null) => put<AccountEmail>('/auth/email', { email });

/** POST /api/auth/email/resend: a new link to verify my address (the earlier one stops working). */
export const resendVerification = () => post<AccountEmail>('/auth/email/resend');

/** Sets or removes my address; the screen shows the answer at once. */
export function useSetAccountEmail(
  options: Omit<UseMutationOptions<AccountEmail, Error, string | null>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setAccountEmail,
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(accountEmailQueryKey, saved);
      await options.onSuccess?.(saved, ...rest);
    },
  });
}

export function useResendVerification(options: Omit<UseMutationOptions<AccountEmail>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: resendVerification });
}
