import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { deleteGuestProfile } from '../guest-profiles';
import { interpreterProfilesQueryKey } from './list-interpreter-profiles';

export const deleteInterpreterProfile = (id: string) =>
  del<undefined>(`/interpreter/profiles/${encodeURIComponent(id)}`);

/**
 * Deletes a pair by its id: a member's on the server, the list of pairs asked again before it is
 * done; a guest's from this browser.
 */
export function useDeleteInterpreterProfile(
  member: boolean,
  options: Omit<UseMutationOptions<void, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (id: string) => {
      if (!member) {
        await deleteGuestProfile(id);
        return;
      }
      await deleteInterpreterProfile(id);
      await queryClient.invalidateQueries({ queryKey: interpreterProfilesQueryKey });
    },
  });
}
