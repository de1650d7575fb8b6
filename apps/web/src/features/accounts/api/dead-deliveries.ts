import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeadDeliveries } from '@tolk/shared/schemas/notifications';
import { get, post } from '../../../lib/http';
import { outgoingMailQueryKey } from './list-outgoing-mail';

export const deadDeliveriesQueryKey = ['admin', 'deliveries', 'dead'] as const;

/** Deliveries (mail, notifications) that failed for good, newest first (superadmins). */
export const listDeadDeliveries = (signal?: AbortSignal) => get<DeadDeliveries>('/admin/deliveries/dead', { signal });

export const deadDeliveriesQuery = () =>
  queryOptions({ queryKey: deadDeliveriesQueryKey, queryFn: ({ signal }) => listDeadDeliveries(signal) });

/** POST /api/admin/deliveries/{id}/retry: tried again from its first attempt. */
export const retryDelivery = (id: number) => post<null>(`/admin/deliveries/${id}/retry`);

/** Tries a failed delivery again: it leaves the failed list, and what it sends shows in the mail list. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deadDeliveriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: outgoingMailQueryKey }),
      ]);
    },
  });
}
