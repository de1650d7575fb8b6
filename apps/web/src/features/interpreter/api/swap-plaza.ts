import type { Plaza } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

/** The user and the audience trade places: their languages and what each has said. */
export const swapPlaza = (plazaId: string) =>
  post<Plaza>(`/plazas/${encodeURIComponent(plazaId)}/swap`, undefined, plazaRequestConfig(plazaId));
