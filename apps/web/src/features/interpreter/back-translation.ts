import type { TranslatedText } from '@tolk/shared/schemas/translation';
import { translate } from './api/translate';

export type BackTranslation =
  | { state: 'ready'; forward: string; back: string; pivot?: string | undefined }
  /** Which leg failed: there (from → to) or back (to → from). */
  | { state: 'unavailable'; from: string; to: string; reason?: string | undefined }
  | { state: 'pending' };

async function translateOne(text: string, from: string, to: string): Promise<TranslatedText | undefined> {
  const response = await translate({ texts: [text], from, to: [to] });
  return (
    response.results[0]?.translations.find((translation) => translation.to === to) ??
    response.results[0]?.translations[0]
  );
}

/**
 * What the reader will see, translated back into the writer's language: the writer cannot read
 * the target language, so this round trip is their only way to catch a mistranslation before
 * it is said. The second leg starts from the engine's output, exactly as the reader gets it.
 */
export async function backTranslate(text: string, from: string, to: string): Promise<BackTranslation> {
  const there = await translateOne(text, from, to);
  if (!there || there.state === 'unavailable' || there.text === null) {
    if (there?.state === 'pending') return { state: 'pending' };
    return { state: 'unavailable', from, to, reason: there?.reason };
  }
  if (there.state === 'pending') return { state: 'pending' };
  const back = await translateOne(there.text, to, from);
  if (!back || back.state === 'unavailable' || back.text === null) {
    if (back?.state === 'pending') return { state: 'pending' };
    return { state: 'unavailable', from: to, to: from, reason: back?.reason };
  }
  if (back.state === 'pending') return { state: 'pending' };
  return { state: 'ready', forward: there.text, back: back.text, pivot: there.pivot };
}
