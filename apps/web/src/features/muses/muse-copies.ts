import type { Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';

/**
 * A muse as a screen holds it: the original plus its version in each language heard of so far.
 * A thread shows one of them (its reader's), a plaza two (one per side).
 */
export interface MuseVersions extends Omit<Muse, 'translation'> {
  translations: Record<string, MuseTranslation>;
}

function byLanguage(translations: readonly (MuseTranslation | null)[]): Record<string, MuseTranslation> {
  const map: Record<string, MuseTranslation> = {};
  for (const translation of translations) if (translation) map[translation.to] = translation;
  return map;
}

/** From the REST API's detail: every language version made so far. */
export function fromDetail(detail: MuseDetail): MuseVersions {
  const { translation, translations, ...muse } = detail;
  return { ...muse, translations: byLanguage([translation, ...translations]) };
}

/** From a reader's copy (a socket event, a page): the one version it carries. */
export function fromEvent(event: Muse): MuseVersions {
  const { translation, ...muse } = event;
  return { ...muse, translations: byLanguage([translation]) };
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * The one rule for copies of one muse, which arrive in any order: the POST reply (still
 * translating), the socket's muse:new for each language, a muse:updated when a translation
 * finishes, a replay after a reconnect. An older copy never undoes a newer one (an edit, a
 * deletion), a late "pending" copy never undoes a finished translation unless the text was
 * edited after it, and a reading (transliteration) made after the muse was stored is kept.
 */
export function mergeMuse(existing: MuseVersions, incoming: MuseVersions): MuseVersions {
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

/**
 * Two copies of one muse as one reader sees it: merged by the rule above, shown in the language
 * of the newest copy (the reader's language may have changed), or none where the kept copy has
 * none (a deleted muse). An identical copy keeps the held object, so its row does not re-render.
 */
export function mergeReaderCopy(existing: Muse, incoming: Muse): Muse {
  if (existing === incoming || JSON.stringify(existing) === JSON.stringify(incoming)) return existing;
  const merged = mergeMuse(fromEvent(existing), fromEvent(incoming));
  const { translations, ...muse } = merged;
  const keptExisting = merged.editedAt === existing.editedAt && merged.deleted === existing.deleted;
  const language =
    incoming.translation?.to ?? (keptExisting && !incoming.deleted ? existing.translation?.to : undefined);
  const view: Muse = { ...muse, translation: language ? (translations[language] ?? null) : null };
  return JSON.stringify(view) === JSON.stringify(existing) ? existing : view;
}

/**
 * Merges copies into a list of muses by the rule above, whatever view each holds (a thread's
 * reader copies, a plaza's versions): one entry per id and per seq, in ascending seq. Returns the
 * same list when nothing changed, so unchanged muses keep their identity and do not re-render.
 */
export function mergeIntoList<T extends { id: string; seq: number }>(
  list: readonly T[],
  incoming: readonly T[],
  merge: (existing: T, incoming: T) => T,
): readonly T[] {
  if (incoming.length === 0) return list;
  const bySeq = new Map<number, T>();
  const seqById = new Map<string, number>();
  for (const muse of list) {
    bySeq.set(muse.seq, muse);
    seqById.set(muse.id, muse.seq);
  }
  let changed = false;
  for (const muse of incoming) {
    const knownSeq = seqById.get(muse.id);
    const existing = bySeq.get(knownSeq ?? muse.seq);
    const kept = existing ? merge(existing, muse) : muse;
    if (kept === existing) continue;
    if (knownSeq !== undefined && knownSeq !== muse.seq) bySeq.delete(knownSeq);
    bySeq.set(kept.seq, kept);
    seqById.set(kept.id, kept.seq);
    changed = true;
  }
  return changed ? [...bySeq.values()].sort((a, b) => a.seq - b.seq) : list;
}
