import { infiniteQueryOptions } from '@tanstack/react-query';
import type { DiscoveryPage } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import type { PeopleQuery } from '../filters';
import { peopleQueryKey } from './keys';

export const discoveryQueryKey = (query: PeopleQuery) => [...peopleQueryKey, 'discover', query] as const;

/** One page of the people discovery finds, complementary language partners first. */
export const listPeople = (query: PeopleQuery, cursor?: string, signal?: AbortSignal) =>
  get<DiscoveryPage>('/connect/people', { params: { ...query, ...(cursor ? { cursor } : {}) }, signal });

/** Pages of people for the filters, each continuing at the cursor the one before gave. */
export const discoveryQuery = (query: PeopleQuery) =>
  infiniteQueryOptions({
    queryKey: discoveryQueryKey(query),
    queryFn: ({ pageParam, signal }) => listPeople(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: DiscoveryPage) => last.nextCursor ?? undefined,
  });
