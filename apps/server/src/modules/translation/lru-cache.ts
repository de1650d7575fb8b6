/**
 * A bounded map that forgets the least recently used entry first (Map keeps insertion order).
 * A hit moves its entry to the young end only when it has aged past half the capacity: an entry
 * used now still outlives at least half a cache of new entries, and the hot path of a warm cache
 * is one Map lookup instead of a delete and an insert on every hit.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; stamp: number }>();
  /** Counts insertions and moves: an entry's stamp says how many came after it. */
  private clock = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.clock - entry.stamp > this.capacity >> 1) {
      this.entries.delete(key);
      entry.stamp = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, stamp: ++this.clock });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
