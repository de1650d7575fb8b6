// Fan-out bench: a closed loop over a list, `concurrency` items at a time.

/** `concurrency` workers, each taking the next item as soon as its last one ends. */
export async function runAll<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}
