import type { ReactNode } from 'react';
import { ListMore } from './list-more';
import { QueryError, refetchOf } from './query-error';

interface PagedListProps<T> {
  /** A cursor-paged list's infinite query, its pages each holding `items`. */
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: { pages: { items: T[] }[] } | undefined;
    refetch: () => Promise<unknown>;
    isFetchingNextPage: boolean;
    hasNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** `count` items' skeletons, in the list's own shape. */
  skeletons: (count: number) => ReactNode;
  /** What stands there when there are no items. */
  empty: ReactNode;
  /** The items read so far, as the list shows them. */
  children: (items: T[]) => ReactNode;
  /** "Load more", and the class of what holds it. */
  moreLabel: string;
  moreClassName: string;
}

/**
 * A cursor-paged list's body: skeletons while the first page loads, why it failed with a retry,
 * its empty words, or its items with "Load more" (and the next page's skeleton) at the foot.
 */
export function PagedList<T>({ query, skeletons, empty, children, moreLabel, moreClassName }: PagedListProps<T>) {
  if (query.isPending) return skeletons(4);
  if (query.isError && query.data === undefined) {
    return <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      <ListMore className={moreClassName} query={query} label={moreLabel} loading={skeletons(1)} />
    </>
  );
}
