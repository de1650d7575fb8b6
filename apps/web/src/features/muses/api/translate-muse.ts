import type { MuseTranslation } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

export const translateMuse = (id: string, to: string) =>
  post<MuseTranslation>(`/muses/${encodeURIComponent(id)}/translations`, { to });
