import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';
import { MUSES_PAGE_SIZE } from '@tolk/shared/limits';

export interface MyMusesPage {
  muses: Muse[];
  hasMore: boolean;
}

export const myMusesQueryKey = ['muses', 'mine'] as const;

/** Every muse I wrote, newest first; `before` is the createdAt of the oldest one shown. */
export const listMyMuses = (before?: string) =>
  get<MyMusesPage>('/muses', { params: { ...(before ? { before } : {}), limit: MUSES_PAGE_SIZE } });

/** Pages of my muses, each continuing before the oldest one shown. */
export const myMusesQuery = () =>
  infiniteQueryOptions({
    queryKey: myMusesQueryKey,
    queryFn: ({ pageParam }) => listMyMuses(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MyMusesPage) => (last.hasMore ? last.muses.at(-1)?.createdAt : undefined),
  });
