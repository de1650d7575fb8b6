import { LruCache } from './lru-cache';
import type { RememberedTranslation, TranslationStore } from './translation.repository';

export interface MemoryKey {
  engine: string;
  from: string;
  to: string;
  /** hashText() of the normalised source text. */
  hash: string;
}

const keyOf = (key: MemoryKey) => `${key.engine}\u0000${key.from}\u0000${key.to}\u0000${key.hash}`;

export interface MemoryStats {
  cached: number;
  capacity: number;
  lookups: number;
  cacheHits: number;
  storeHits: number;
  hitRate: number;
}

/**
 * Translations already made, so no text goes to an engine twice: a bounded LRU in this process
 * in front of the SQL table every instance shares. A failing database costs translations, never
 * a request: lookups then miss and saves are dropped (and logged by the caller).
 */
export class TranslationMemory {
  private readonly cache: LruCache<string>;
  private lookups = 0;
  private cacheHits = 0;
  private storeHits = 0;

  constructor(
    private readonly store: TranslationStore,
    capacity: number,
  ) {
    this.cache = new LruCache(capacity);
  }

  /** The in-process answer, counted as one lookup; the store is asked later, in batches. */
  cached(key: MemoryKey): string | undefined {
    this.lookups++;
    const text = this.cache.get(keyOf(key));
    if (text !== undefined) this.cacheHits++;
    return text;
  }

  /** Looks texts up in SQL for one engine and source language; keys are `${to}\0${hash}`. */
  async recall(
    engine: string,
    from: string,
    wanted: Array<{ to: string; hash: string }>,
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!wanted.length) return found;
    const targets = [...new Set(wanted.map((item) => item.to))];
    const hashes = [...new Set(wanted.map((item) => item.hash))];
    const rows = await this.store.find(engine, from, targets, hashes);
    const wantedKeys = new Set(wanted.map((item) => `${item.to}\u0000${item.hash}`));
    for (const row of rows) {
      const key = `${row.targetLanguage}\u0000${row.sourceHash}`;
      if (!wantedKeys.has(key)) continue;
      found.set(key, row.translatedText);
      this.cache.set(keyOf({ engine, from, to: row.targetLanguage, hash: row.sourceHash }), row.translatedText);
    }
    this.storeHits += found.size;
    return found;
  }

  /** Keeps new translations in process at once and in SQL when `save` resolves. */
  async remember(engine: string, from: string, rows: RememberedTranslation[]): Promise<void> {
    for (const row of rows) {
      this.cache.set(keyOf({ engine, from, to: row.targetLanguage, hash: row.sourceHash }), row.translatedText);
    }
    await this.store.save(engine, from, rows);
  }

  /**
   * A reader flagged this translation: this process forgets it at once, and SQL keeps it marked
   * so no instance finds it again until the engine's next translation replaces it. Other
   * instances' in-process copies live on until they are evicted. The text it held, if any.
   */
  async forget(key: MemoryKey): Promise<string | undefined> {
    this.cache.delete(keyOf(key));
    return this.store.flag(key.engine, key.from, key.to, key.hash);
  }

  stats(): MemoryStats {
    const hits = this.cacheHits + this.storeHits;
    return {
      cached: this.cache.size,
      capacity: this.cache.capacity,
      lookups: this.lookups,
      cacheHits: this.cacheHits,
      storeHits: this.storeHits,
      hitRate: this.lookups ? hits / this.lookups : 0,
    };
  }
}
