import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AccountEmail, ForgotPasswordInput, ResetPasswordInput } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

/**
 * POST /api/auth/forgot-password: the server answers alike whether or not an account matches,
 * and mails a link to the account's verified address when one does.
 */
export const forgotPassword = (input: ForgotPasswordInput) =>
  post<{ ok: true }>('/auth/forgot-password', input, { noAuth: true });

/** POST /api/auth/reset-password: a new password with the mailed link's token; every session ends. */
export const resetPassword = (input: ResetPasswordInput) =>
  post<{ ok: true }>('/auth/reset-password', input, { noAuth: true });

/** POST /api/auth/email/verify: the mailed link's token proves the address (signed in or not). */
export const verifyEmail = (token: string) => post<AccountEmail>('/auth/email/verify', { token }, { noAuth: true });

export function useForgotPassword(
  options: Omit<UseMutationOptions<{ ok: true }, Error, ForgotPasswordInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: forgotPassword });
}

export function useResetPassword(
  options: Omit<UseMutationOptions<{ ok: true }, Error, ResetPasswordInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resetPassword });
}

export function useVerifyEmail(options: Omit<UseMutationOptions<AccountEmail, Error, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: verifyEmail });
}
