import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import type { RecordKind, RecordOf } from '../kinds';
import { kindQueryKey } from './keys';

export const recordQueryKey = (kind: RecordKind, id: string) => [...kindQueryKey(kind), 'detail', id] as const;
export const getRecord = <K extends RecordKind>(kind: K, id: string) =>
  get<RecordOf<K>>(`/${kind}/${encodeURIComponent(id)}`);
export const recordQuery = <K extends RecordKind>(kind: K, id: string) =>
  queryOptions({ queryKey: recordQueryKey(kind, id), queryFn: () => getRecord(kind, id) });
