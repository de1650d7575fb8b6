import { queryOptions } from '@tanstack/react-query';
import type { Plans } from '@tolk/shared/schemas/subscriptions';
import { get } from '../../../lib/http';
import { plansQueryKey } from './keys';

/** GET /api/plans: every plan, withdrawn ones too, with how many members subscribe to each (superadmins). */
export const listPlans = (signal?: AbortSignal) => get<Plans>('/plans', { signal });

export const plansQuery = () =>
  queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => listPlans(signal), select: (data) => data.items });
