import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Trip, TripInput } from '@tolk/shared/schemas/connect';
import { post, put } from '../../../lib/http';
import { tripsQueryKey } from './list-trips';

/** Plans a trip: the city of the list, the days (YYYY-MM-DD), a note in my language, who sees it. */
export const createTrip = (input: TripInput) => post<Trip>('/connect/trips', input);

/** Changes a trip of mine: the whole trip again, as planned. */
export const updateTrip = (tripId: string, input: TripInput) =>
  put<Trip>(`/connect/trips/${encodeURIComponent(tripId)}`, input);

/**
 * Plans a trip, or changes the one whose id is given (the same form does both). After the
 * screen's part, my trips ask again.
 */
export function useSaveTrip(
  tripId: string | undefined,
  options: Omit<UseMutationOptions<Trip, Error, TripInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: TripInput) => (tripId ? updateTrip(tripId, input) : createTrip(input)),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: tripsQueryKey });
    },
  });
}
