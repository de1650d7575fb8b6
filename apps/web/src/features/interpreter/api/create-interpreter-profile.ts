import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { InterpreterProfile, InterpreterProfileInput } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { addGuestProfile } from '../guest-profiles';
import { interpreterProfilesQueryKey } from './list-interpreter-profiles';

export const createInterpreterProfile = (input: InterpreterProfileInput) =>
  post<InterpreterProfile>('/interpreter/profiles', input);

/** The fields a guest's new pair was refused for (none: it was saved). */
type Refused = Record<string, string[]> | undefined;

/**
 * Saves a new pair: a member's on the server, the list of pairs asked again before it is done; a
 * guest's in this browser, checked here, resolving to what was refused. A member's refusal fails.
 */
export function useCreateInterpreterProfile(
  member: boolean,
  options: Omit<UseMutationOptions<Refused, Error, InterpreterProfileInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (input: InterpreterProfileInput): Promise<Refused> => {
      if (!member) {
        const result = await addGuestProfile(input);
        return result.ok ? undefined : result.fields;
      }
      await createInterpreterProfile(input);
      await queryClient.invalidateQueries({ queryKey: interpreterProfilesQueryKey });
      return undefined;
    },
  });
}
