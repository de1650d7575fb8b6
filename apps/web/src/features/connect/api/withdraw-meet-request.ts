import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import type { AskToMeet } from './ask-to-meet';
import { tripMeetQueryKey } from './get-trip-meet';

/** Takes back my asking someone to meet during my trip. */
export const withdrawMeetRequest = (tripId: string, accountId: string) =>
  del<undefined>(`/connect/trips/${encodeURIComponent(tripId)}/meet/${encodeURIComponent(accountId)}`);

/** Withdraws; however it went, the trip's meet list asks again. */
export function useWithdrawMeetRequest(
  options: Omit<UseMutationOptions<undefined, Error, AskToMeet>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ tripId, accountId }: AskToMeet) => withdrawMeetRequest(tripId, accountId),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await queryClient.invalidateQueries({ queryKey: tripMeetQueryKey(args[2].tripId) });
    },
  });
}
