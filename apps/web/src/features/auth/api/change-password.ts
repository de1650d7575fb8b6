import type { ChangePasswordInput, LoginResponse } from '@tolk/shared/schemas/auth';
import { post } from '../../../lib/http';

export const changePassword = (input: ChangePasswordInput) => post<LoginResponse>('/auth/change-password', input);
