import type { PasswordReset } from '@tolk/shared/schemas/accounts-admin';
import { post } from '../../../lib/http';

/** POST /api/accounts/{id}/reset-password: a new one-time password, shown once; every session is revoked. */
export const resetPassword = (id: string) => post<PasswordReset>(`/accounts/${encodeURIComponent(id)}/reset-password`);
