import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const endInvite = (plazaId: string) =>
  del<undefined>(`/plazas/${encodeURIComponent(plazaId)}/invite`, plazaRequestConfig(plazaId));

/** Ends the plaza's invite (what the dialog says then is its part). */
export function useEndInvite(plazaId: string, options: Omit<UseMutationOptions<undefined>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: () => endInvite(plazaId) });
}
