import type { ReaderText } from '@tolk/shared/schemas/connect';
import type { TranslationService } from './translation.service';

/** A text someone wrote in their language, to be read by someone else. */
export interface Written {
  text: string;
  language: string;
}

const base = (language: string) => language.toLowerCase().split('-')[0] ?? language;

/**
 * Bios, trip notes and request notes in the reader's language: one translation call per source
 * language for a whole page, each text through the translation memory, so a bio read again in a
 * language costs no engine call. What no engine can translate comes back `unavailable` (the
 * screen shows the original and says so), never the original dressed up as a translation.
 */
export function createReaderTexts(translation: Pick<TranslationService, 'translate'>) {
  return async function forReader(texts: readonly (Written | null)[], reader: string): Promise<(ReaderText | null)[]> {
    const out: (ReaderText | null)[] = texts.map(() => null);
    const groups = new Map<string, number[]>();
    texts.forEach((written, index) => {
      if (!written?.text.trim()) return;
      const from = written.language || reader;
      if (base(from) === base(reader)) {
        out[index] = {
          original: written.text,
          from,
          to: reader,
          text: written.text,
          transliteration: null,
          state: 'same',
        };
        return;
      }
      groups.set(from, [...(groups.get(from) ?? []), index]);
    });
    await Promise.all(
      [...groups].map(async ([from, indexes]) => {
        const sources = indexes.map((index) => texts[index]!.text);
        const results = await translation.translate({ texts: sources, from, to: [reader] }).catch(() => []);
        indexes.forEach((index, position) => {
          const translated = results[position]?.translations[0];
          const ready = translated?.state === 'ready' && translated.text !== null;
          out[index] = {
            original: sources[position]!,
            from,
            to: reader,
            text: ready ? translated.text : null,
            transliteration: ready ? translated.transliteration : null,
            state: ready ? 'ready' : 'unavailable',
          };
        });
      }),
    );
    return out;
  };
}
export type ReaderTexts = ReturnType<typeof createReaderTexts>;
