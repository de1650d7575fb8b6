import { queryOptions } from '@tanstack/react-query';
import type { Trip } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import { connectQueryKey } from './keys';

export const tripsQueryKey = [...connectQueryKey, 'trips'] as const;
/** My trips, upcoming first (soonest first), then past ones; each note in my language. */
export const listTrips = () => get<{ trips: Trip[] }>('/connect/trips');
export const tripsQuery = () => queryOptions({ queryKey: tripsQueryKey, queryFn: listTrips });
