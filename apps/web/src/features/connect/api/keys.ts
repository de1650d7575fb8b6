import type { QueryClient } from '@tanstack/react-query';

/**
 * Connect's query keys as one tree: a connection that changes (here or live, from the other side)
 * refreshes everything under `connectQueryKey` at once: people found, a person, my connections.
 */
export const connectQueryKey = ['connect'] as const;
export const peopleQueryKey = [...connectQueryKey, 'people'] as const;

/**
 * Everything connect shows asks again, whom I blocked included (list-blocked.ts keeps its list under
 * the same key, so a group thread folds or unfolds their muses after a block or an unblock).
 */
export const refreshConnect = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: connectQueryKey });
