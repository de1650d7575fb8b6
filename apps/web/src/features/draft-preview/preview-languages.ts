import { toTranslationLanguage } from '@tolk/shared/languages';

/** Someone who will read the draft: the language they read in, and those they read as written. */
export interface DraftReader {
  language: string;
  readsWithout?: readonly string[];
}

/** Languages shown before the "+N" that opens the rest: each shown one may cost an engine call. */
export const PREVIEW_SHOWN = 2;

/** How long the member must stop typing before the draft is translated (bench/draft-preview.ts too). */
export const PREVIEW_DEBOUNCE_MS = 400;

/** A reading language as translation knows it (pt-BR reads pt, no reads nb); unknown codes stay as they are. */
export const readingCode = (language: string) =>
  toTranslationLanguage(language) ?? language.toLowerCase().split('-')[0] ?? language;

/**
 * The languages the draft will be translated into for these readers, most readers first (then in
 * the order the readers come): a reader who reads the draft's language, or reads it without
 * translation, needs none, and a language nobody reads is never in it. With the draft's language
 * unknown (detected by the server), every reader's language is.
 */
export function previewLanguages(readers: readonly DraftReader[], draftLanguage?: string): string[] {
  const draft = draftLanguage ? readingCode(draftLanguage) : undefined;
  const readersOf = new Map<string, number>();
  for (const reader of readers) {
    const language = readingCode(reader.language);
    if (draft !== undefined) {
      if (language === draft || (reader.readsWithout ?? []).some((code) => readingCode(code) === draft)) continue;
    }
    readersOf.set(language, (readersOf.get(language) ?? 0) + 1);
  }
  // A stable sort: equal counts keep the readers' order.
  return [...readersOf.entries()].sort((a, b) => b[1] - a[1]).map(([language]) => language);
}
