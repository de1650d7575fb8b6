import { queryOptions } from '@tanstack/react-query';
import type { OfferedThing } from '@tolk/shared/schemas/things';
import { get } from '../../../lib/http';
import { ordersQueryKey } from './keys';

export const offeredThingsQueryKey = (owner: string) => [...ordersQueryKey, 'offered', owner] as const;

/** What a member of my community offers now, descriptions in my language (the API reads them by owner). */
export const listOfferedThings = (owner: string, signal?: AbortSignal) =>
  get<{ items: OfferedThing[] }>('/things', { params: { owner }, signal });

export const offeredThingsQuery = (owner: string) =>
  queryOptions({
    queryKey: offeredThingsQueryKey(owner),
    queryFn: ({ signal }) => listOfferedThings(owner, signal),
  });
