import { queryOptions } from '@tanstack/react-query';
import type { SpeechStatus } from '@tolk/shared/schemas/speech';
import { get } from '../../../lib/http';

/** Which speech engines the server has (GET /api/speech): the same for every member, for the session. */
export const speechStatusQuery = () =>
  queryOptions({
    queryKey: ['speech'] as const,
    queryFn: () => get<SpeechStatus>('/speech'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
