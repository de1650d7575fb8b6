import type { OpenInterpreterProfileInput, PlazaSession } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';

/** Members' own pairs: the server reopens the pair's last plaza while it lives, or makes one. */
export const openInterpreterProfile = (id: string, input: OpenInterpreterProfileInput) =>
  post<PlazaSession>(`/interpreter/profiles/${encodeURIComponent(id)}/open`, input);
