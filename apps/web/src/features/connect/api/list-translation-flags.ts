import { infiniteQueryOptions } from '@tanstack/react-query';
import { TRANSLATION_FLAGS_PAGE_SIZE, type TranslationFlagsPage } from '@tolk/shared/schemas/translation';
import { get } from '../../../lib/http';

/** GET /api/translation/flags: translations members flagged as bad, newest first (superadmins only: others get 403). */
export const listTranslationFlags = (cursor: string | undefined, signal?: AbortSignal) =>
  get<TranslationFlagsPage>('/translation/flags', {
    params: { limit: TRANSLATION_FLAGS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const translationFlagsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['translation-flags'] as const,
    queryFn: ({ pageParam, signal }) => listTranslationFlags(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TranslationFlagsPage) => last.nextCursor ?? undefined,
  });
