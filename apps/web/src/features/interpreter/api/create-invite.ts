import type { Invite } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const createInvite = (plazaId: string) =>
  post<Invite>(`/plazas/${encodeURIComponent(plazaId)}/invite`, undefined, plazaRequestConfig(plazaId));
