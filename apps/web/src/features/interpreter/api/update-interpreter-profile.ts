import type { z } from 'zod';
import type { InterpreterProfile, interpreterProfilePatchSchema } from '@tolk/shared/schemas/plazas';
import { patch } from '../../../lib/http';

export type InterpreterProfilePatch = z.input<typeof interpreterProfilePatchSchema>;

export const updateInterpreterProfile = (id: string, input: InterpreterProfilePatch) =>
  patch<InterpreterProfile>(`/interpreter/profiles/${encodeURIComponent(id)}`, input);
