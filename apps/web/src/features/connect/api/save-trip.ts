import type { Trip, TripInput } from '@tolk/shared/schemas/connect';
import { post, put } from '../../../lib/http';

/** Plans a trip: the city of the list, the days (YYYY-MM-DD), a note in my language, who sees it. */
export const createTrip = (input: TripInput) => post<Trip>('/connect/trips', input);

/** Changes a trip of mine: the whole trip again, as planned. */
export const updateTrip = (tripId: string, input: TripInput) =>
  put<Trip>(`/connect/trips/${encodeURIComponent(tripId)}`, input);
