import { del } from '../../../lib/http';

/** Ends my block: we can find each other again (an earlier connection is not restored). */
export const unblockPerson = (personId: string) =>
  del<{ ok: true }>(`/connect/people/${encodeURIComponent(personId)}/block`);
