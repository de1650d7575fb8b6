import { fromDetail, fromEvent, mergeIntoList, mergeMuse, type MuseVersions } from '../muses';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import type { Plaza, PlazaSide } from '@tolk/shared/schemas/plazas';

/** A plaza muse as the screen holds it: the original plus its version in each plaza language. */
export type PlazaMuse = MuseVersions;
export { fromDetail, fromEvent, mergeMuse };

/** Adds or merges muses by the one rule for copies, deduplicated by id and kept in sequence order. */
export function upsertMuses(list: readonly PlazaMuse[], incoming: readonly PlazaMuse[]): PlazaMuse[] {
  return mergeIntoList(list, incoming, mergeMuse) as PlazaMuse[];
}

export function lastSeqOf(list: readonly PlazaMuse[]): number {
  return list.at(-1)?.seq ?? 0;
}

/** The side that wrote a muse; members' muses in a plaza carry none and belong to the host. */
export function sideOf(muse: Pick<PlazaMuse, 'side'>): 'user' | 'audience' {
  return muse.side === 'audience' ? 'audience' : 'user';
}

const baseOf = (language: string) => language.toLowerCase().split('-')[0] ?? language;
export const sameLanguage = (a: string, b: string) => baseOf(a) === baseOf(b);

/**
 * The languages of one muse in a plaza. It is written in its side's language, or in the other
 * side's when someone typed in the wrong half (the server recognises it and stores it as such):
 * then the other side reads the original, and its own side the translation.
 */
export function museLanguages(
  muse: Pick<PlazaMuse, 'side' | 'from'>,
  plaza: Pick<Plaza, 'userLanguage' | 'audienceLanguage'>,
): { writer: PlazaSide; source: string; target: string; translatedFor: PlazaSide; foreign: boolean } {
  const writer = sideOf(muse);
  const writerLanguage = writer === 'user' ? plaza.userLanguage : plaza.audienceLanguage;
  const otherLanguage = writer === 'user' ? plaza.audienceLanguage : plaza.userLanguage;
  const source = muse.from || writerLanguage;
  // Never "translated" into its own language, whatever the sides speak now.
  const inOtherLanguage = sameLanguage(source, otherLanguage);
  return {
    writer,
    source,
    target: inOtherLanguage ? writerLanguage : otherLanguage,
    translatedFor: inOtherLanguage ? writer : writer === 'user' ? 'audience' : 'user',
    // Nothing is foreign to a side whose language is still to be detected.
    foreign: writerLanguage !== DETECT_LANGUAGE && !sameLanguage(source, writerLanguage),
  };
}
