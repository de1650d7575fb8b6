import type { Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import type { Plaza, PlazaSide } from '@tolk/shared/schemas/plazas';

/** A plaza muse as the screen holds it: the original plus its version in each plaza language. */
export interface PlazaMuse extends Omit<Muse, 'translation'> {
  translations: Record<string, MuseTranslation>;
}

function byLanguage(translations: readonly (MuseTranslation | null)[]): Record<string, MuseTranslation> {
  const map: Record<string, MuseTranslation> = {};
  for (const translation of translations) if (translation) map[translation.to] = translation;
  return map;
}

/** From the REST API: every language version made so far. */
export function fromDetail(detail: MuseDetail): PlazaMuse {
  const { translation, translations, ...muse } = detail;
  return { ...muse, translations: byLanguage([translation, ...translations]) };
}

/** From the socket: one event per language, each carrying that language's version only. */
export function fromEvent(event: Muse): PlazaMuse {
  const { translation, ...muse } = event;
  return { ...muse, translations: byLanguage([translation]) };
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * Copies of one muse arrive in any order: the POST reply (still translating), the socket's
 * muse:new for each language, a muse:updated when a translation finishes, a replay after a
 * reconnect. A late "pending" copy must never undo a finished translation, unless the text was
 * edited after that translation was made.
 */
export function mergeMuse(existing: PlazaMuse, incoming: PlazaMuse): PlazaMuse {
  const incomingIsNewer = time(incoming.editedAt) > time(existing.editedAt);
  const keepBase = (existing.deleted && !incoming.deleted) || time(incoming.editedAt) < time(existing.editedAt);
  const translations = { ...existing.translations };
  for (const [language, next] of Object.entries(incoming.translations)) {
    const current = translations[language];
    const wouldRegress = current && current.state !== 'pending' && next.state === 'pending' && !incomingIsNewer;
    if (!wouldRegress && !(keepBase && current)) translations[language] = next;
  }
  const base = keepBase ? existing : incoming;
  // The reading of the text is made after the muse is stored: an earlier copy lacks it.
  const sameVersion = base.text === existing.text && base.editedAt === existing.editedAt;
  if (sameVersion && !base.transliteration && existing.transliteration) {
    for (const [language, version] of Object.entries(translations)) {
      if (version.state === 'skipped' && !version.transliteration) {
        translations[language] = { ...version, transliteration: existing.transliteration };
      }
    }
    return { ...base, transliteration: existing.transliteration, translations };
  }
  return { ...base, translations };
}

/** Adds or merges muses, deduplicated by id and kept in sequence order. */
export function upsertMuses(list: readonly PlazaMuse[], incoming: readonly PlazaMuse[]): PlazaMuse[] {
  if (incoming.length === 0) return list as PlazaMuse[];
  const byId = new Map(list.map((muse) => [muse.id, muse]));
  for (const muse of incoming) {
    const existing = byId.get(muse.id);
    byId.set(muse.id, existing ? mergeMuse(existing, muse) : muse);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
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
