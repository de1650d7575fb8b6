import type { Muse, SendMuseInput } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

/** Idempotent on clientId: the same id again returns the muse already stored. */
export const sendMuse = (conversationId: string, input: SendMuseInput) =>
  post<Muse>(`/conversations/${encodeURIComponent(conversationId)}/muses`, input);
