import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const clearPlazaMuses = (plazaId: string) =>
  del<undefined>(`/plazas/${encodeURIComponent(plazaId)}/muses`, plazaRequestConfig(plazaId));

/** Clears what was said on the plaza (the screen forgets its copy). */
export function useClearPlazaMuses(plazaId: string, options: Omit<UseMutationOptions<undefined>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: () => clearPlazaMuses(plazaId) });
}
