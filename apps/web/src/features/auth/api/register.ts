import type { LoginResponse, RegisterInput } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const register = (input: RegisterInput) => post<LoginResponse>('/auth/register', input, { noAuth: true });
