import { del } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const clearPlazaMuses = (plazaId: string) =>
  del<undefined>(`/plazas/${encodeURIComponent(plazaId)}/muses`, plazaRequestConfig(plazaId));
