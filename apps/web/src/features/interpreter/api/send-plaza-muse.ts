import type { z } from 'zod';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import type { sendPlazaMuseInputSchema } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export type SendPlazaMuseInput = z.input<typeof sendPlazaMuseInputSchema>;

/** Idempotent on clientId: sending the same draft again returns the muse already stored. */
export const sendPlazaMuse = (plazaId: string, input: SendPlazaMuseInput) =>
  post<MuseDetail>(`/plazas/${encodeURIComponent(plazaId)}/muses`, input, plazaRequestConfig(plazaId));
