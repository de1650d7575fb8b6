import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { tripsQueryKey } from './list-trips';

/** Cancels (deletes) a trip of mine: nobody sees it any more. */
export const cancelTrip = (tripId: string) => del<{ ok: true }>(`/connect/trips/${encodeURIComponent(tripId)}`);

/** Cancels a trip of mine by its id; however it went, my trips ask again. */
export function useCancelTrip(options: Omit<UseMutationOptions<{ ok: true }, Error, string>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelTrip,
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await queryClient.invalidateQueries({ queryKey: tripsQueryKey });
    },
  });
}
