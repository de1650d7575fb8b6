import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MuseTranslation } from '@tolk/shared/schemas/conversations';
import { groupCommit } from '../../db/group-commit';
import type { MusesRepository, MuseRecord, TranslationRow } from './muses.repository';
import { translationFromRow } from './muse-views';
import { isLastingFailure, type MuseTranslator, type TranslatedText } from './translator';

/** A translation the engine failed is tried again after this, doubling per failure up to the cap. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** After this many failures in a row the background stops; a reader opening the muse still retries. */
const RETRY_BACKGROUND_ATTEMPTS = 12;
/**
 * However long the backoff has grown (or after the background gave up), one translation that has
 * waited this long is tried this often, so an engine that is back is noticed as soon as its
 * breaker lets a trial through, not at the next scheduled retry minutes later; its success makes
 * every translation waiting for the same pair due at once.
 */
export const RETRY_PROBE_MS = 10_000;
const retryDelay = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A muse's translations: made once per (muse, language) however many ask, stored in groups,
 * and what an engine failed kept for a retry with backoff. Delivery decides who hears of them.
 */
export function createMuseTranslations(deps: {
  store: Pick<MusesRepository, 'saveTranslations'>;
  translator: MuseTranslator;
  log: FastifyBaseLogger;
  /** Background work the owner waits for on shutdown. */
  track: (work: Promise<unknown>) => void;
}) {
  const { store: repo, translator, log, track } = deps;
  /** One translation per (muse, language) in flight in this process, however many ask for it. */
  const inflight = new Map<string, Promise<MuseTranslation>>();
  /** Translations an engine failed, by `${museId}:${language}`: how often, and when to try again. */
  const retries = new Map<
    string,
    { museId: string; language: string; pair: string; attempts: number; dueAt: number; failedAt: number }
  >();
  /** When each language pair (`from>to`) last came back translated from an engine. */
  const answered = new Map<string, number>();
  let probedAt = 0;

  /** Translations of muses finished together are stored together (one statement under load). */
  const translationWrites = groupCommit(
    async (batch: { museId: string; text: string; rows: ReturnType<typeof toRow>[] }[]) => {
      const stored = await repo.saveTranslations(batch);
      return batch.map((item) => stored.has(item.museId));
    },
  );

  function toRow(museId: string, sourceHash: string, result: TranslatedText) {
    // skipped: nothing in it to translate (a link, an emoji): the text stands as it is.
    const done = result.state === 'ready' || result.state === 'skipped';
    return {
      museId,
      targetLanguage: result.to,
      text: done ? result.text : null,
      transliteration: done ? result.transliteration : null,
      engine: result.engine,
      pivot: result.pivot ?? null,
      sourceHash,
      // Only "no engine for this pair" is final; an engine that failed is asked again later.
      state: done ? ('ready' as const) : isLastingFailure(result) ? ('unavailable' as const) : ('pending' as const),
      reason: done ? null : (result.reason ?? 'The translation engine did not answer; trying again.'),
    };
  }

  function noteOutcome(
    row: { museId: string; targetLanguage: string; state: string; engine: string | null },
    from: string,
  ) {
    const key = `${row.museId}:${row.targetLanguage}`;
    const pair = `${from}>${row.targetLanguage}`;
    if (row.state !== 'pending') {
      retries.delete(key);
      // The pair translates again: what waits for it need not wait out its backoff (see due()).
      if (row.state === 'ready' && row.engine !== null) answered.set(pair, Date.now());
      return;
    }
    const attempts = (retries.get(key)?.attempts ?? 0) + 1;
    const now = Date.now();
    retries.set(key, {
      museId: row.museId,
      language: row.targetLanguage,
      pair,
      attempts,
      dueAt: now + retryDelay(attempts),
      failedAt: now,
    });
  }

  /** A stored translation the engine failed, whose wait is over (a reader's visit retries it). */
  function retryIsDue(row: TranslationRow, now = Date.now()) {
    if (row.state !== 'pending' || row.stale) return false;
    const attempts = retries.get(`${row.museId}:${row.targetLanguage}`)?.attempts ?? 1;
    return row.updatedAt.getTime() + retryDelay(attempts) <= now;
  }

  /**
   * Translates one muse into the given languages in one engine round, stores the results and
   * resolves per language. Engine trouble becomes `unavailable`, never an exception.
   */
  function translateMuse(muse: MuseRecord, languages: string[]): Map<string, Promise<MuseTranslation>> {
    const out = new Map<string, Promise<MuseTranslation>>();
    const missing: string[] = [];
    for (const language of languages) {
      const running = inflight.get(`${muse.id}:${language}:${muse.editedAt?.getTime() ?? 0}`);
      if (running) out.set(language, running);
      else missing.push(language);
    }
    if (!missing.length) return out;
    const sourceHash = sha256(muse.text);
    const batch = (async () => {
      let results: TranslatedText[];
      try {
        results = await translator.translate(muse.text, muse.sourceLanguage, missing, {
          senderMemberId: muse.senderMemberId,
          conversationId: muse.conversationId,
        });
      } catch (error) {
        log.warn({ err: error, museId: muse.id }, 'translation failed');
        results = missing.map((to) => ({
          to,
          text: null,
          transliteration: null,
          engine: null,
          state: 'pending' as const,
          reason: 'The translation service failed; the original is shown until it answers.',
        }));
      }
      const rows = missing.map((to) => {
        const result = results.find((r) => r.to === to) ?? {
          to,
          text: null,
          transliteration: null,
          engine: null,
          state: 'unavailable' as const,
          reason: `no translation for ${to}`,
        };
        return toRow(muse.id, sourceHash, result);
      });
      // Readers need not wait for the write: the translation goes out as soon as it is known, and
      // is stored alongside (a reader who asks before it is stored gets it translated again from
      // the memory). A muse edited or deleted meanwhile keeps its stale mark; the newer run stores
      // its own.
      const stored = translationWrites.submit({ museId: muse.id, text: muse.text, rows }).then((saved) => {
        if (saved) for (const row of rows) noteOutcome(row, muse.sourceLanguage);
      });
      track(stored);
      const views = new Map(
        rows.map((row) => [row.targetLanguage, translationFromRow({ ...row, stale: false, updatedAt: new Date() })]),
      );
      return { views, stored };
    })();
    for (const language of missing) {
      const key = `${muse.id}:${language}:${muse.editedAt?.getTime() ?? 0}`;
      const one = batch.then(({ views }) => views.get(language)!);
      inflight.set(key, one);
      // In flight until stored, so nobody translates it again meanwhile.
      void batch
        .then(({ stored }) => stored)
        .catch(() => undefined)
        .finally(() => inflight.delete(key));
      out.set(language, one);
    }
    return out;
  }

  return {
    translateMuse,
    retryIsDue,
    /**
     * Failed translations to try again now, for the background retry: those whose wait is over,
     * every one whose pair has translated since it failed, and else a probe now and then.
     */
    due(now: number) {
      const due = [...retries.values()].filter(
        (r) => (answered.get(r.pair) ?? 0) >= r.failedAt || (r.dueAt <= now && r.attempts < RETRY_BACKGROUND_ATTEMPTS),
      );
      if (!due.length && now - probedAt >= RETRY_PROBE_MS) {
        let probe: (typeof due)[number] | undefined;
        for (const r of retries.values()) {
          if (now - r.failedAt >= RETRY_PROBE_MS && (!probe || r.dueAt < probe.dueAt)) probe = r;
        }
        if (probe) due.push(probe);
      }
      if (due.length) probedAt = now;
      return due;
    },
    /** A muse that went (deleted, emptied): no more retries for it. */
    forget(museId: string, language: string) {
      retries.delete(`${museId}:${language}`);
    },
    idle: () => translationWrites.idle(),
  };
}
