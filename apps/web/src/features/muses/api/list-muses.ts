import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MusesPage } from '@tolk/shared/schemas/conversations';
import { MUSES_PAGE_SIZE } from '@tolk/shared/limits';
import { get } from '../../../lib/http';
import { applyOlderPage, firstSeqOf, type ThreadState } from '../thread-state';

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

/**
 * Pages back through a thread: the page before the oldest muse held joins the thread, before the
 * screen's part. With no muse held there is nothing before it to ask for.
 */
export function useOlderMuses(
  conversationId: string,
  options: Omit<UseMutationOptions<MusesPage | undefined>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const key = threadQueryKey(conversationId);
  return useMutation<MusesPage | undefined>({
    ...options,
    mutationFn: async () => {
      const first = firstSeqOf(queryClient.getQueryData<ThreadState>(key));
      return first === undefined ? undefined : listMuses(conversationId, { before: first });
    },
    onSuccess: async (page, ...rest) => {
      if (page) queryClient.setQueryData<ThreadState>(key, (state) => state && applyOlderPage(state, page));
      await options.onSuccess?.(page, ...rest);
    },
  });
}
