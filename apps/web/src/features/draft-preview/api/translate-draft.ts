import { queryOptions } from '@tanstack/react-query';
import type { TranslateResponse, TranslationResult } from '@tolk/shared/schemas/translation';
import { post } from '../../../lib/http';

/** One draft (or one version of it, going back) into one language; detected on the server when `from` is absent. */
export interface DraftTranslation {
  text: string;
  from?: string | undefined;
  to: string;
}

/**
 * Every key starts with the draft it previews, so a keystroke cancels exactly that draft's
 * requests (not another composer's on the same screen); a back-translation names its draft too.
 */
export const draftPreviewKey = (draft: string) => ['draft-preview', draft] as const;
export const draftTranslationKey = (draft: string, request: DraftTranslation) =>
  [...draftPreviewKey(draft), request.from ?? '', request.to, request.text] as const;

/** POST /api/translate (through the server's translation memory), cancelled when `signal` aborts. */
export async function translateDraft(request: DraftTranslation, signal?: AbortSignal): Promise<TranslationResult> {
  const response = await post<TranslateResponse>(
    '/translate',
    { texts: [request.text], to: [request.to], ...(request.from ? { from: request.from } : {}) },
    { signal },
  );
  const result = response.results[0];
  if (!result) throw new Error('The translation answer had no result.');
  return result;
}

/** A text's translation does not change from one minute to the next: typing it again asks nothing. */
const REMEMBERED_MS = 5 * 60_000;

export const draftTranslationQuery = (draft: string, request: DraftTranslation) =>
  queryOptions({
    queryKey: draftTranslationKey(draft, request),
    queryFn: ({ signal }) => translateDraft(request, signal),
    staleTime: REMEMBERED_MS,
    // The member keeps typing: the next pause asks again, and a failure offers its own retry.
    retry: false,
  });
