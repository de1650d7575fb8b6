import { useEffect, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTranslationLanguage } from '@tolk/shared/languages';
import { draftPreviewKey, draftTranslationQuery } from './api/translate-draft';
import { versionOf, type DraftVersion } from './draft-version';
import {
  PREVIEW_DEBOUNCE_MS,
  PREVIEW_SHOWN,
  previewLanguages,
  readingCode,
  type DraftReader,
} from './preview-languages';

export interface DraftPreviewOptions {
  text: string;
  /** The language the member chose for the draft; absent: the server detects it. */
  from?: string | undefined;
  readers: readonly DraftReader[];
  /** The member's own language, which the back-translation is in. */
  backTo: string;
  /** Folded away: nothing is asked. */
  active: boolean;
  /** The languages behind "+N" are asked for too. */
  expanded: boolean;
}

export interface PreviewRow {
  language: string;
  /** Undefined while its first answer is on its way. */
  version: DraftVersion | undefined;
  /** The version shown belongs to an earlier draft (the new one is being translated). */
  stale: boolean;
}

export interface DraftPreview {
  /** The draft the rows describe (the text as it was at the last pause). */
  draft: string;
  /** The member typed since: the rows describe a little less than the draft. */
  typing: boolean;
  rows: PreviewRow[];
  /** Languages behind "+N", not asked for until expanded. */
  hidden: string[];
  /** Translated back into the member's language from the first version; absent when there is nothing to bring back. */
  back: { from: string; version: DraftVersion | undefined; stale: boolean } | undefined;
  /** Every reader reads the draft as written: nothing to preview. */
  asWritten: boolean;
  failed: boolean;
  retry: () => void;
}

const translatable = (language: string) => isTranslationLanguage(readingCode(language));

/** The rows' and the back-translation's queries for one draft; `enabled` false only reads what is cached. */
function useDraftVersions(
  draft: string,
  from: string | undefined,
  languages: readonly string[],
  backTo: string,
  enabled: boolean,
) {
  const forward = useQueries({
    queries: languages.map((to) => ({
      ...draftTranslationQuery(draft, { text: draft, from, to }),
      enabled: enabled && draft !== '' && translatable(to),
    })),
  });
  const versions = languages.map((language, index): DraftVersion | undefined => {
    if (!translatable(language)) return { state: 'unavailable', language };
    const data = forward[index]?.data;
    return data ? versionOf(data, language) : undefined;
  });
  // The first language with a version to read: the one most readers will get.
  let source: DraftVersion | undefined;
  let sourceLanguage: string | undefined;
  /** Still waiting to learn which version the way back starts from. */
  let sourceLoading = false;
  for (const version of versions) {
    if (version?.state === 'same' || version?.state === 'unavailable') continue;
    source = version;
    sourceLanguage = version?.language;
    sourceLoading = version === undefined;
    break;
  }
  const ready = source?.state === 'ready' ? source : undefined;
  const needsBack = ready !== undefined && readingCode(ready.language) !== readingCode(backTo) && translatable(backTo);
  const backQuery = useQuery({
    ...draftTranslationQuery(draft, { text: ready?.text ?? '', from: ready?.language, to: backTo }),
    enabled: enabled && needsBack,
  });
  const back = needsBack && backQuery.data ? versionOf(backQuery.data, backTo) : undefined;
  const answered = forward.find((query) => query.data)?.data?.from;
  return {
    versions,
    sourceLanguage,
    sourceLoading,
    needsBack,
    back,
    answered,
    queries: needsBack ? [...forward, backQuery] : forward,
  };
}

/**
 * What readers will read of a draft, asked at each pause in typing (PREVIEW_DEBOUNCE_MS): each
 * language is one request through the server's translation memory, a keystroke cancels the
 * requests still on their way, and answers are kept by the draft they describe, so a late one
 * never stands for a newer draft. Until the new answers come, the last draft's stay, marked stale.
 */
export function useDraftPreview({ text, from, readers, backTo, active, expanded }: DraftPreviewOptions): DraftPreview {
  const queryClient = useQueryClient();
  const draft = text.trim();
  const [drafts, setDrafts] = useState({ settled: draft, previous: '' });
  // A sent or cleared draft is gone at once: the next one starts with nothing stale to show.
  if (draft === '' && (drafts.settled !== '' || drafts.previous !== '')) setDrafts({ settled: '', previous: '' });
  const settled = draft === '' ? '' : drafts.settled;

  useEffect(() => {
    if (draft === drafts.settled) {
      // Typed and taken back within the pause: ask again what the keystroke cancelled.
      void queryClient.refetchQueries({
        queryKey: draftPreviewKey(draft),
        type: 'active',
        predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle',
      });
      return undefined;
    }
    void queryClient.cancelQueries({ queryKey: draftPreviewKey(drafts.settled) });
    const timer = setTimeout(() => {
      setDrafts((current) => ({ settled: draft, previous: current.settled || current.previous }));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [draft, drafts.settled, queryClient]);

  // The draft's language: chosen, or as the server detected it. Until the new draft's first
  // answer, the last detection stands in, unless it would leave nobody to ask (and so nothing
  // that could correct it).
  const [detection, setDetection] = useState<{ draft: string; language: string }>();
  const presumed =
    detection && previewLanguages(readers, detection.language).length > 0 ? detection.language : undefined;
  const detected = detection?.draft === settled ? detection.language : presumed;
  const draftLanguage = from ?? detected;
  const languages = previewLanguages(readers, draftLanguage);
  const asked = expanded ? languages : languages.slice(0, PREVIEW_SHOWN);

  const current = useDraftVersions(settled, from, asked, backTo, active);
  const earlier = useDraftVersions(drafts.previous, from, asked, backTo, false);
  if (!from && current.answered && (detection?.draft !== settled || detection.language !== current.answered)) {
    setDetection({ draft: settled, language: current.answered });
  }

  const rows = asked
    .map((language, index): PreviewRow => {
      const version = current.versions[index];
      if (version) return { language, version, stale: false };
      const before = earlier.versions[index];
      return { language, version: before, stale: before !== undefined };
    })
    .filter((row) => row.version?.state !== 'same');
  const back = current.needsBack
    ? {
        from: current.sourceLanguage ?? '',
        version: current.back ?? earlier.back,
        stale: current.back === undefined && earlier.back !== undefined,
      }
    : current.sourceLoading && earlier.needsBack && earlier.back
      ? { from: earlier.sourceLanguage ?? '', version: earlier.back, stale: true }
      : undefined;
  const failing = current.queries.filter((query) => query.isError);

  return {
    draft: settled,
    typing: draft !== settled,
    rows,
    hidden: expanded ? [] : languages.slice(PREVIEW_SHOWN),
    back,
    asWritten: draftLanguage !== undefined && readers.length > 0 && languages.length === 0,
    failed: failing.length > 0,
    retry: () => {
      for (const query of failing) void query.refetch();
    },
  };
}
