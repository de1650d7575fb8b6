import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LoginResponse, RegisterInput } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const register = (input: RegisterInput) => post<LoginResponse>('/auth/register', input, { noAuth: true });

/** Registers; what follows (the session, the welcome, where to go) is the screen's. */
export function useRegister(options: Omit<UseMutationOptions<LoginResponse, Error, RegisterInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: register });
}
