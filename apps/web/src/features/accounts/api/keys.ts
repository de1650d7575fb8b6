import type { QueryClient } from '@tanstack/react-query';

/** The accounts' query keys as one tree: accounts → lists ('list') and accounts ('detail', id → sessions, audit). */
export const accountsQueryKey = ['accounts'] as const;
export const accountQueryKey = (id: string) => [...accountsQueryKey, 'detail', id] as const;
export const tenantsQueryKey = ['tenants'] as const;

/**
 * After an account is added or changed: the lists ask again (a row's state, tenant or roles), and
 * so does its page's audit; the tenants' account counts follow.
 */
export async function refreshAfterAccountChange(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...accountsQueryKey, 'list'] }),
    queryClient.invalidateQueries({ queryKey: [...accountQueryKey(id), 'audit'] }),
    queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  ]);
}
