import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ReferencesPage, ThingRatings } from '@tolk/shared/schemas/references';
import { get } from '../../../lib/http';
import { referencesOfQueryKey, sellerRatingQueryKey, thingRatingsQueryKey, type ReferencesOf } from './keys';

/** How many references a page brings. */
export const REFERENCES_PAGE = 10;

/** GET /api/references: one page of a member's shown references (or a thing's reviews), newest first. */
export const listReferences = (
  of: ReferencesOf,
  cursor: string | undefined,
  limit: number = REFERENCES_PAGE,
  signal?: AbortSignal,
) => get<ReferencesPage>('/references', { params: { ...of, limit, ...(cursor ? { cursor } : {}) }, signal });

/** Pages of references, each continuing at the cursor the one before gave. */
export const referencesQuery = (of: ReferencesOf) =>
  infiniteQueryOptions({
    queryKey: referencesOfQueryKey(of),
    queryFn: ({ pageParam, signal }) => listReferences(of, pageParam, REFERENCES_PAGE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ReferencesPage) => last.nextCursor ?? undefined,
  });

/** A seller's rating from their buyers: one order reference is enough to carry the summary. */
export const sellerRatingQuery = (sellerId: string) =>
  queryOptions({
    queryKey: sellerRatingQueryKey(sellerId),
    queryFn: async ({ signal }) =>
      (await listReferences({ subjectId: sellerId, kind: 'order' }, undefined, 1, signal)).rating,
  });

/**
 * GET /api/references/ratings: the ratings of every thing a seller sold, in one request however
 * many offers their page lists (each offer's line picks its own from it).
 */
export const thingRatingsQuery = (ownerId: string) =>
  queryOptions({
    queryKey: thingRatingsQueryKey(ownerId),
    queryFn: ({ signal }) => get<ThingRatings>('/references/ratings', { params: { ownerId }, signal }),
  });
