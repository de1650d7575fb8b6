import { del } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const endInvite = (plazaId: string) =>
  del<undefined>(`/plazas/${encodeURIComponent(plazaId)}/invite`, plazaRequestConfig(plazaId));
