import { del } from '../../../lib/http';

/** Cancels (deletes) a trip of mine: nobody sees it any more. */
export const cancelTrip = (tripId: string) => del<{ ok: true }>(`/connect/trips/${encodeURIComponent(tripId)}`);
