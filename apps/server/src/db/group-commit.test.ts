import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

describe('groupCommit', () => {
  it('writes what arrives together in one batch, and what arrives during a write in the next', async () => {
    const batches: number[][] = [];
    let release: (() => void) | undefined;
    const writer = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((n) => n * 10);
    });

    const first = [1, 2, 3].map((n) => writer.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    const second = [4, 5].map((n) => writer.submit(n)); // while the first write runs
    release!();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);

    // Idle again: a later write starts a new drain.
    expect(await writer.submit(6)).toBe(60);
    expect(batches).toHaveLength(3);
  });

  it('fails every caller of a failed batch and goes on with the next', async () => {
    let fail = true;
    const writer = groupCommit(async (items: string[]) => {
      if (fail) {
        fail = false;
        throw new Error('database unavailable');
      }
      return items.map((s) => s.toUpperCase());
    });
    const failed = [writer.submit('a'), writer.submit('b')];
    await expect(Promise.all(failed)).rejects.toThrow('database unavailable');
    await expect(failed[1]).rejects.toThrow('database unavailable');
    expect(await writer.submit('c')).toBe('C');
  });

  it('splits a long queue into batches of at most maxBatch, and idle() waits for all of them', async () => {
    const sizes: number[] = [];
    const writer = groupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatch: 4 },
    );
    const all = Array.from({ length: 10 }, (_, i) => writer.submit(i));
    await writer.idle();
    expect(sizes).toEqual([4, 4, 2]);
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
