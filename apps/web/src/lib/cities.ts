import { queryOptions } from '@tanstack/react-query';
import type { CitySearchResult } from '@tolk/shared/schemas/cities';
import { get } from './http';

/** Suggestions shown at once: a phone's screen holds about this many under the input. */
export const CITY_SUGGESTIONS = 8;

export const citiesQueryKey = (q: string) => ['cities', q] as const;

/** Cities whose name starts with `q`, the most populous first (public: no sign-in needed). */
export const searchCities = (q: string, signal?: AbortSignal) =>
  get<CitySearchResult>('/cities', { params: { q, limit: CITY_SUGGESTIONS }, signal });

export const citiesQuery = (q: string) =>
  queryOptions({
    queryKey: citiesQueryKey(q),
    queryFn: ({ signal }) => searchCities(q, signal),
    // The list changes with a deploy, not while someone types.
    staleTime: 60 * 60 * 1000,
  });
