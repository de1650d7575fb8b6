import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Invite } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const createInvite = (plazaId: string) =>
  post<Invite>(`/plazas/${encodeURIComponent(plazaId)}/invite`, undefined, plazaRequestConfig(plazaId));

/** Opens an invite to the plaza (what the dialog shows then is its part). */
export function useCreateInvite(plazaId: string, options: Omit<UseMutationOptions<Invite>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: () => createInvite(plazaId) });
}
