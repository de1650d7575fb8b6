import { queryOptions } from '@tanstack/react-query';
import type { ReferenceOccasions } from '@tolk/shared/schemas/references';
import { get } from '../../../lib/http';
import { occasionsQueryKey } from './keys';

/** GET /api/references/occasions: what I met or traded with others that I may write about now. */
export const listOccasions = (signal?: AbortSignal) => get<ReferenceOccasions>('/references/occasions', { signal });

export const occasionsQuery = () =>
  queryOptions({ queryKey: occasionsQueryKey, queryFn: ({ signal }) => listOccasions(signal) });
