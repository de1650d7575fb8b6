import type { LoginResponse, SignInInput } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const signIn = (input: SignInInput) => post<LoginResponse>('/auth/signin', input, { noAuth: true });
