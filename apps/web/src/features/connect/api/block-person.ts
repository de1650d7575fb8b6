import { put } from '../../../lib/http';

/** Neither sees the other anywhere any more; a connection or request between them ends. */
export const blockPerson = (personId: string) =>
  put<{ ok: true }>(`/connect/people/${encodeURIComponent(personId)}/block`);
