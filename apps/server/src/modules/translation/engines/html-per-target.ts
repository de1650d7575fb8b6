import { notranslateSpanMarkup, restoreProtected } from '../protected-text';
import type { EngineBatch } from './engine';

/**
 * A batch through an engine that takes one target per call in HTML mode, where
 * `<span translate="no">` is left alone (Google, LibreTranslate): every text in each call, one
 * call per target, each answer restored; null where the vendor answered no text.
 */
export async function translateHtmlPerTarget(
  batch: EngineBatch,
  call: (texts: string[], to: string) => Promise<readonly (string | undefined)[]>,
): Promise<(string | null)[][]> {
  const texts = batch.texts.map((parts) => notranslateSpanMarkup.encode(parts));
  const rows = batch.texts.map(() => [] as (string | null)[]);
  for (const to of batch.to) {
    const translated = await call(texts, to);
    batch.texts.forEach((parts, i) => {
      const text = translated[i];
      rows[i]!.push(text === undefined ? null : restoreProtected(notranslateSpanMarkup.decode(text), parts));
    });
  }
  return rows;
}
