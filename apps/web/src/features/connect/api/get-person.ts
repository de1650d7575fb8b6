import { queryOptions } from '@tanstack/react-query';
import type { PersonDetail } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import { peopleQueryKey } from './keys';

export const personQueryKey = (id: string) => [...peopleQueryKey, 'detail', id] as const;
export const getPerson = (id: string) => get<PersonDetail>(`/connect/people/${encodeURIComponent(id)}`);
export const personQuery = (id: string) => queryOptions({ queryKey: personQueryKey(id), queryFn: () => getPerson(id) });
