import type { QueryClient } from '@tanstack/react-query';
import type { RecordKind } from '../kinds';

/** The records' query keys as one tree: records → kind → lists ('list', 'choices') and records ('detail'). */
export const recordsQueryKey = ['records'] as const;
export const kindQueryKey = (kind: RecordKind) => [...recordsQueryKey, kind] as const;

/**
 * After a record is added, changed, deleted or restored: its kind's lists ask again; a place
 * changes people too (they show where they were met) and the choices of "Where we met".
 */
export async function refreshAfterChange(queryClient: QueryClient, kind: RecordKind): Promise<void> {
  const lists = queryClient.invalidateQueries({ queryKey: [...kindQueryKey(kind), 'list'] });
  if (kind !== 'places') return lists;
  await Promise.all([
    lists,
    queryClient.invalidateQueries({ queryKey: [...kindQueryKey('places'), 'choices'] }),
    queryClient.invalidateQueries({ queryKey: kindQueryKey('persons') }),
  ]);
}
