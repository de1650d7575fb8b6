import { NOTHING_TO_TRANSLATE, type TranslationResult } from '@tolk/shared/schemas/translation';

/**
 * One language's version of the draft, as its readers will get it:
 * ready: the engine's text (or the draft itself when it has no words to translate);
 * same: the draft is already in this language, so its readers read it as written;
 * unavailable: no engine makes this pair now (`reason` says why), which never hides the others;
 * pending: the engine has not finished.
 */
export type DraftVersion =
  | { state: 'ready'; language: string; text: string; pivot?: string | undefined }
  | { state: 'same'; language: string }
  | { state: 'unavailable'; language: string; reason?: string | undefined }
  | { state: 'pending'; language: string };

/** The version into `to` in one text's answer from POST /api/translate. */
export function versionOf(result: TranslationResult, to: string): DraftVersion {
  const translation = result.translations.find((candidate) => candidate.to === to) ?? result.translations[0];
  if (!translation) return { state: 'unavailable', language: to };
  switch (translation.state) {
    case 'pending':
      return { state: 'pending', language: to };
    case 'unavailable':
      return { state: 'unavailable', language: to, reason: translation.reason };
    case 'skipped':
      // Links, names and emoji only: the reader reads the same characters, and should see them.
      if (translation.reason === NOTHING_TO_TRANSLATE && translation.text !== null) {
        return { state: 'ready', language: to, text: translation.text };
      }
      return { state: 'same', language: to };
    case 'ready':
      return translation.text === null
        ? { state: 'unavailable', language: to, reason: translation.reason }
        : { state: 'ready', language: to, text: translation.text, pivot: translation.pivot };
  }
}
