import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { put } from '../../../lib/http';
import { profileQueryKey } from './get-profile';

export const updateProfile = (input: UpdateProfileInput) => put<Profile>('/profile', input);

/** Saves the profile; it holds the answer before the screen's part. */
export function useUpdateProfile(
  options: Omit<UseMutationOptions<Profile, Error, UpdateProfileInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(profileQueryKey, saved);
      await options.onSuccess?.(saved, ...rest);
    },
  });
}
