import { queryOptions } from '@tanstack/react-query';
import type { Plaza } from '@tolk/shared/schemas/plazas';
import { get } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const plazaQueryKey = (id: string) => ['plazas', id] as const;

export const getPlaza = (id: string) => get<Plaza>(`/plazas/${encodeURIComponent(id)}`, plazaRequestConfig(id));

export const plazaQuery = (id: string) => queryOptions({ queryKey: plazaQueryKey(id), queryFn: () => getPlaza(id) });
