import type { ReferenceKind } from '@tolk/shared/schemas/references';

/** Whose references a list shows: a member's (by kind, or all) or an offered thing's reviews. */
export type ReferencesOf = { subjectId: string; kind?: ReferenceKind } | { thingId: string };

/**
 * The references' query keys as one tree: references → 'occasions' (what I may write about),
 * 'list' → whose (a member's or a thing's pages), 'rating' → a seller's summary, 'thing-ratings' →
 * each of a seller's things' ratings.
 */
export const referencesQueryKey = ['references'] as const;
export const occasionsQueryKey = [...referencesQueryKey, 'occasions'] as const;
export const referencesListQueryKey = [...referencesQueryKey, 'list'] as const;
export const referencesOfQueryKey = (of: ReferencesOf) => [...referencesListQueryKey, of] as const;
export const sellerRatingQueryKey = (sellerId: string) => [...referencesQueryKey, 'rating', sellerId] as const;
export const thingRatingsQueryKey = (ownerId: string) => [...referencesQueryKey, 'thing-ratings', ownerId] as const;
