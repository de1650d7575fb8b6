import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { post } from '../../../lib/http';

/** POST /api/accounts/{id}/suspend: no sign-in any more, every session revoked and its sockets closed. */
export const suspendAccount = (id: string) => post<AdminAccount>(`/accounts/${encodeURIComponent(id)}/suspend`);
