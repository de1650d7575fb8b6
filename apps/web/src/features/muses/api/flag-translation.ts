import type { TranslationFlagReceipt } from '@tolk/shared/schemas/translation';
import { post } from '../../../lib/http';

/** POST /api/muses/{id}/flags: the reader flags the muse's machine translation into `to` as bad (once). */
export const flagTranslation = (museId: string, to: string) =>
  post<TranslationFlagReceipt>(`/muses/${encodeURIComponent(museId)}/flags`, { to });
