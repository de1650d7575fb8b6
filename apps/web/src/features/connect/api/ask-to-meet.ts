import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MeetRequest } from '@tolk/shared/schemas/connect';
import { post } from '../../../lib/http';
import { tripMeetQueryKey } from './get-trip-meet';

/** Whom I ask to meet on which trip of mine (and their name, for what the screen says). */
export interface AskToMeet {
  tripId: string;
  accountId: string;
  name: string;
}

/**
 * Asks someone my trip meets (a local, a traveller there then) to meet during it; they are told.
 * Asking again answers the same request and tells them nothing new.
 */
export const askToMeet = (tripId: string, accountId: string) =>
  post<MeetRequest>(`/connect/trips/${encodeURIComponent(tripId)}/meet`, { accountId });

/** Asks; however it went, the trip's meet list asks again (its `asked` marks). */
export function useAskToMeet(options: Omit<UseMutationOptions<MeetRequest, Error, AskToMeet>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ tripId, accountId }: AskToMeet) => askToMeet(tripId, accountId),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await queryClient.invalidateQueries({ queryKey: tripMeetQueryKey(args[2].tripId) });
    },
  });
}
