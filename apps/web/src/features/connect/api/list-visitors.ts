import { queryOptions } from '@tanstack/react-query';
import type { Visitors } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import { connectQueryKey } from './keys';

export const visitorsQueryKey = [...connectQueryKey, 'visitors'] as const;
/** Who is coming to my home city, soonest first (nobody while I have no home city). */
export const listVisitors = () => get<Visitors>('/connect/visitors');
export const visitorsQuery = () => queryOptions({ queryKey: visitorsQueryKey, queryFn: listVisitors });
