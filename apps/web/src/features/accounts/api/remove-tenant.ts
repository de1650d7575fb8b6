import { del } from '../../../lib/http';

/** DELETE /api/tenants/{slug}: an empty tenant other than root and public (else 409). */
export const removeTenant = (slug: string) => del<undefined>(`/tenants/${encodeURIComponent(slug)}`);
