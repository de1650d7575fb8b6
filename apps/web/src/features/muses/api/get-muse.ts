import { queryOptions } from '@tanstack/react-query';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';

export const museQueryKey = (id: string) => ['muses', 'detail', id] as const;
export const getMuse = (id: string) => get<MuseDetail>(`/muses/${encodeURIComponent(id)}`);
export const museQuery = (id: string) => queryOptions({ queryKey: museQueryKey(id), queryFn: () => getMuse(id) });
