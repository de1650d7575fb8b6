import { queryOptions } from '@tanstack/react-query';
import type { TripMeet } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import { tripsQueryKey } from './list-trips';

export const tripMeetQueryKey = (tripId: string) => [...tripsQueryKey, tripId, 'meet'] as const;
/** One of my trips, the locals of its city and the travellers there on overlapping days. */
export const getTripMeet = (tripId: string) => get<TripMeet>(`/connect/trips/${encodeURIComponent(tripId)}/meet`);
export const tripMeetQuery = (tripId: string) =>
  queryOptions({ queryKey: tripMeetQueryKey(tripId), queryFn: () => getTripMeet(tripId) });
