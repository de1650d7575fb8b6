import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { post } from '../../../lib/http';

/** POST /api/accounts/{id}/reactivate: a suspended account may sign in again. */
export const reactivateAccount = (id: string) => post<AdminAccount>(`/accounts/${encodeURIComponent(id)}/reactivate`);
