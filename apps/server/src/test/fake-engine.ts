import type { EngineBatch, EngineLimits, LanguagePair, TranslationEngine } from '../modules/translation/engines/engine';
import { restoreProtected, tokenMarkup } from '../modules/translation/protected-text';
import type { RememberedTranslation, TranslationStore } from '../modules/translation/translation.repository';

export interface FakeEngine extends TranslationEngine {
  /** Every batch the engine was asked to translate, in order. */
  calls: EngineBatch[];
  /** Makes the next calls fail (or hang) until cleared. */
  failWith: Error | undefined;
  hang: boolean;
}

/**
 * A test engine that counts its calls. Its "translation" is visibly not one (`[es] text`): tests
 * check routing, batching and memory with it, never language.
 */
export function fakeEngine(options: {
  name?: string;
  pairs: Array<[string, string]>;
  limits?: Partial<EngineLimits>;
  pivots?: string[];
  /** Return null for texts with placeholders, as an engine that drops them would. */
  losesPlaceholders?: boolean;
  /** How long each call takes (with fake timers, advance them). */
  delayMs?: number;
}): FakeEngine {
  const engine: FakeEngine = {
    name: options.name ?? 'fake',
    limits: { maxTexts: 50, maxChars: 10_000, maxTargets: 1, concurrency: 4, ...options.limits },
    pivots: options.pivots ?? [],
    calls: [],
    failWith: undefined,
    hang: false,
    async languagePairs(): Promise<LanguagePair[]> {
      return options.pairs.map(([from, to]) => ({ from, to }));
    },
    async translate(batch, signal) {
      engine.calls.push(batch);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (engine.hang) {
        await new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          });
        });
      }
      if (engine.failWith) throw engine.failWith;
      return batch.texts.map((parts) =>
        batch.to.map((to) => {
          if (options.losesPlaceholders && parts.some((part) => part.kind === 'protected')) return null;
          return restoreProtected(tokenMarkup.decode(`[${to}] ${tokenMarkup.encode(parts)}`), parts);
        }),
      );
    },
  };
  return engine;
}

/** The SQL translation memory's contract, kept in a Map: for unit tests of the service. */
export function inMemoryTranslationStore(): TranslationStore & { rows: Map<string, string>; finds: number } {
  const rows = new Map<string, string>();
  /** Keys of rows a reader flagged: not found until saved again. */
  const flagged = new Set<string>();
  const key = (engine: string, from: string, to: string, hash: string) => [engine, from, to, hash].join('|');
  const store = {
    rows,
    finds: 0,
    async find(engine: string, from: string, targets: string[], hashes: string[]) {
      store.finds++;
      return targets.flatMap((targetLanguage) =>
        hashes.flatMap((sourceHash) => {
          const k = key(engine, from, targetLanguage, sourceHash);
          const translatedText = rows.get(k);
          return translatedText === undefined || flagged.has(k) ? [] : [{ targetLanguage, sourceHash, translatedText }];
        }),
      );
    },
    async save(engine: string, from: string, saved: RememberedTranslation[]) {
      for (const row of saved) {
        const k = key(engine, from, row.targetLanguage, row.sourceHash);
        if (!rows.has(k) || flagged.delete(k)) rows.set(k, row.translatedText);
      }
    },
    async flag(engine: string, from: string, to: string, hash: string) {
      const k = key(engine, from, to, hash);
      const text = rows.get(k);
      if (text !== undefined) flagged.add(k);
      return text;
    },
  };
  return store;
}
