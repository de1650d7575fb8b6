import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LoginResponse, SignInInput } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const signIn = (input: SignInInput) => post<LoginResponse>('/auth/signin', input, { noAuth: true });

/** Signs in; what follows (the session, where to go) is the screen's. */
export function useSignIn(options: Omit<UseMutationOptions<LoginResponse, Error, SignInInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signIn });
}
