import type { AdminAccount, UpdateAccountInput } from '@tolk/shared/schemas/accounts-admin';
import { patch } from '../../../lib/http';

/**
 * PATCH /api/accounts/{id}: display name, language, roles and tenant, with the version the form was
 * loaded from; an account changed since then is refused with 409 `conflict`, never merged.
 */
export const updateAccount = (id: string, input: UpdateAccountInput) =>
  patch<AdminAccount>(`/accounts/${encodeURIComponent(id)}`, input);
