import { del } from '../../../lib/http';

export const deleteMuse = (id: string) => del<undefined>(`/muses/${encodeURIComponent(id)}`);
