import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ChangePasswordInput, LoginResponse } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const changePassword = (input: ChangePasswordInput) => post<LoginResponse>('/auth/change-password', input);

/** Changes the password; the fresh token and where to go are the screen's. */
export function useChangePassword(
  options: Omit<UseMutationOptions<LoginResponse, Error, ChangePasswordInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: changePassword });
}
