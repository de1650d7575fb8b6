import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';
import { museQueryKey } from './get-muse';

export const translateMuse = (id: string, to: string) =>
  post<MuseTranslation>(`/muses/${encodeURIComponent(id)}/translations`, { to });

/** Translates a muse into one more language; its page holds the new version at once. */
export function useTranslateMuse(
  id: string,
  options: Omit<UseMutationOptions<MuseTranslation, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (to: string) => translateMuse(id, to),
    onSuccess: async (version, ...rest) => {
      queryClient.setQueryData<MuseDetail>(
        museQueryKey(id),
        (detail) =>
          detail && {
            ...detail,
            translations: [...detail.translations.filter((item) => item.to !== version.to), version],
          },
      );
      await options.onSuccess?.(version, ...rest);
    },
  });
}
