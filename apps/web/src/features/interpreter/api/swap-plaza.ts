import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Plaza } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';
import { plazaQueryKey } from './get-plaza';

/** The user and the audience trade places: their languages and what each has said. */
export const swapPlaza = (plazaId: string) =>
  post<Plaza>(`/plazas/${encodeURIComponent(plazaId)}/swap`, undefined, plazaRequestConfig(plazaId));

/** Swaps the plaza's sides; the plaza holds the answer at once. */
export function useSwapPlaza(plazaId: string, options: Omit<UseMutationOptions<Plaza>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => swapPlaza(plazaId),
    onSuccess: async (swapped, ...rest) => {
      queryClient.setQueryData(plazaQueryKey(plazaId), swapped);
      await options.onSuccess?.(swapped, ...rest);
    },
  });
}
