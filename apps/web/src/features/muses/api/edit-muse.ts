import type { Muse } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';

export interface EditMuseInput {
  text: string;
  from?: string;
}

export const editMuse = (id: string, input: EditMuseInput) => patch<Muse>(`/muses/${encodeURIComponent(id)}`, input);
