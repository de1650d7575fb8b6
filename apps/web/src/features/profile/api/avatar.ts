import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Profile } from '@tolk/shared/schemas/profile';
import { del, put } from '../../../lib/http';
import { profileQueryKey } from './get-profile';

/** Sets the member's profile photo from the square they chose; the server keeps it as a square. */
export function setAvatar(square: Blob): Promise<Profile> {
  const body = new FormData();
  body.append('file', square, 'avatar.jpg');
  return put<Profile>('/profile/avatar', body);
}

export const removeAvatar = () => del<Profile>('/profile/avatar');

type AvatarOptions<TVariables> = Omit<UseMutationOptions<Profile, Error, TVariables>, 'mutationFn'>;

/**
 * Sets the photo from a square made as the mutation starts (cropping takes a moment, and fails
 * as the save would); the profile holds the answer before the screen's part.
 */
export function useSetAvatar(options: AvatarOptions<() => Promise<Blob>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (square: () => Promise<Blob>) => setAvatar(await square()),
    onSuccess: async (next, ...rest) => {
      queryClient.setQueryData(profileQueryKey, next);
      await options.onSuccess?.(next, ...rest);
    },
  });
}

/** Removes the photo; the profile holds the answer before the screen's part. */
export function useRemoveAvatar(options: AvatarOptions<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeAvatar,
    onSuccess: async (next, ...rest) => {
      queryClient.setQueryData(profileQueryKey, next);
      await options.onSuccess?.(next, ...rest);
    },
  });
}
