import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { InterpreterProfile } from '@tolk/shared/schemas/plazas';
import { isReadyPair, openProfilePlaza } from '../open-profile';

/** The pair to open, and whether in a new plaza rather than its last one. */
export type OpenPair = { profile: InterpreterProfile; fresh: boolean };

/**
 * Opens a pair's plaza (open-profile.ts), resolving to the plaza's id: a member's own pair on the
 * server, a ready pair or a guest's in this browser. Where to go then is the screen's part.
 */
export function useOpenProfilePlaza(
  member: boolean,
  options: Omit<UseMutationOptions<string, Error, OpenPair>, 'mutationFn'> = {},
) {
  return useMutation({
    ...options,
    mutationFn: ({ profile, fresh }: OpenPair) =>
      openProfilePlaza(profile, { serverSide: member && !isReadyPair(profile), member, fresh }),
  });
}
