import { queryOptions } from '@tanstack/react-query';
import type { PushKey } from '@tolk/shared/schemas/notifications';
import { get } from '../../../lib/http';
import { pushKeyQueryKey } from './keys';

/** GET /api/push/key: the key browsers subscribe to this server's pushes with; null when it cannot push. */
export const getPushKey = (signal?: AbortSignal) => get<PushKey>('/push/key', { signal });

/** The server's key changes only with its configuration, never while the page is open. */
export const pushKeyQuery = () =>
  queryOptions({
    queryKey: pushKeyQueryKey,
    queryFn: ({ signal }) => getPushKey(signal),
    staleTime: Infinity,
  });
