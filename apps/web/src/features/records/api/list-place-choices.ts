import { queryOptions } from '@tanstack/react-query';
import { RECORDS_PAGE_MAX } from '@tolk/shared/schemas/records';
import type { Place } from '@tolk/shared/schemas/places';
import { kindQueryKey } from './keys';
import { listRecords } from './list-records';

/** More than anyone picks from in a select; past it, the place typed in words still works. */
const CHOICES_MAX = 500;

export type PlaceChoice = Pick<Place, 'id' | 'name'>;

/** My places by name, for "Where we met": the pages of GET /api/places, up to a few hundred. */
export async function listPlaceChoices(signal?: AbortSignal): Promise<PlaceChoice[]> {
  const choices: PlaceChoice[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRecords(
      'places',
      { sort: 'name', limit: RECORDS_PAGE_MAX, ...(cursor ? { cursor } : {}) },
      signal,
    );
    choices.push(...page.items.map(({ id, name }) => ({ id, name })));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && choices.length < CHOICES_MAX);
  return choices;
}

export const placeChoicesQuery = () =>
  queryOptions({
    queryKey: [...kindQueryKey('places'), 'choices'] as const,
    queryFn: ({ signal }) => listPlaceChoices(signal),
  });
