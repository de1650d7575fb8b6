import type { MusesPage } from '@tolk/shared/schemas/conversations';
import { MUSES_PAGE_SIZE } from '@tolk/shared/limits';
import { get } from '../../../lib/http';

// Without a cursor the server pages from the start (after=0). "Before the largest sequence a
// PostgreSQL integer holds" asks for the newest page in one request, without first fetching the
// conversation for its lastSeq.
const NEWEST: MusesCursor = { before: 2_147_483_647 };

export const threadQueryKey = (conversationId: string) => ['muses', 'thread', conversationId] as const;

export type MusesCursor = { after: number } | { before: number };

/** Muses in ascending seq; by default the newest page. */
export const listMuses = (conversationId: string, cursor: MusesCursor = NEWEST) =>
  get<MusesPage>(`/conversations/${encodeURIComponent(conversationId)}/muses`, {
    params: { ...cursor, limit: MUSES_PAGE_SIZE },
  });
