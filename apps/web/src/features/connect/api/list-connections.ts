import { queryOptions } from '@tanstack/react-query';
import type { Connections } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';
import { connectQueryKey } from './keys';

export const connectionsQueryKey = [...connectQueryKey, 'connections'] as const;
/** My connections and the requests pending either way, each note in my language. */
export const listConnections = () => get<Connections>('/connect/connections');
export const connectionsQuery = () => queryOptions({ queryKey: connectionsQueryKey, queryFn: listConnections });
