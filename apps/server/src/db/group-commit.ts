/**
 * Group commit: writes asked for while one is running go together in the next, so under load
 * many callers share one statement, and an idle server adds no wait (the first write goes out
 * once the current turn of the event loop ends, with whatever else that turn asked for).
 * `write` answers one result per item, in order; if it throws, every caller of that batch gets
 * the error. Lookups use it the same way: sessions and memberships read at once share one query.
 */
export function groupCommit<I, O>(
  write: (items: I[]) => Promise<O[]>,
  options: { maxBatch?: number } = {},
): { submit(item: I): Promise<O>; idle(): Promise<void> } {
  const maxBatch = options.maxBatch ?? 200;
  let queue: { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }[] = [];
  let active = false;
  let running: Promise<void> = Promise.resolve();

  async function drain() {
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const out = await write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, i) => {
          waiting.resolve(out[i]!);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    // In the same turn as the last look at the queue: a write asked for after it starts a new drain.
    active = false;
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (active) return;
        active = true;
        running = new Promise<void>((started) => setImmediate(started)).then(drain);
      });
    },
    /** Resolves when every write asked for so far has finished. */
    async idle() {
      while (active) await running;
    },
  };
}
