import { infiniteQueryOptions } from '@tanstack/react-query';
import type { RecordSort } from '@tolk/shared/schemas/records';
import { get } from '../../../lib/http';
import type { RecordKind, RecordOf } from '../kinds';
import { kindQueryKey } from './keys';

/** What the list screen asks for: a search text ('' for none) and an order. */
export interface RecordsListParams {
  q: string;
  sort: RecordSort;
}

export interface RecordsPage<K extends RecordKind> {
  items: RecordOf<K>[];
  nextCursor: string | null;
}

export const recordsListQueryKey = (kind: RecordKind, params: RecordsListParams) =>
  [...kindQueryKey(kind), 'list', params] as const;

/** One page of my records of a kind, continuing at `cursor`. */
export const listRecords = <K extends RecordKind>(
  kind: K,
  query: { q?: string; sort: RecordSort; cursor?: string; limit?: number },
  signal?: AbortSignal,
) => get<RecordsPage<K>>(`/${kind}`, { params: query, signal });

/** Pages of my records for a search and order, each continuing at the cursor the one before gave. */
export const recordsListQuery = <K extends RecordKind>(kind: K, { q, sort }: RecordsListParams) =>
  infiniteQueryOptions({
    queryKey: recordsListQueryKey(kind, { q, sort }),
    queryFn: ({ pageParam, signal }) =>
      listRecords(kind, { sort, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: RecordsPage<K>) => last.nextCursor ?? undefined,
  });
