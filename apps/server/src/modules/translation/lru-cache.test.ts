import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('forgets the oldest entry first and never holds more than its capacity', () => {
    const cache = new LruCache<number>(4);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(4);
    expect(cache.get('k5')).toBeUndefined();
    expect([6, 7, 8, 9].map((i) => cache.get(`k${i}`))).toEqual([6, 7, 8, 9]);
  });

  it('keeps an entry that is used while new ones arrive', () => {
    const cache = new LruCache<string>(10);
    cache.set('hot', 'kept');
    for (let i = 0; i < 100; i++) {
      expect(cache.get('hot')).toBe('kept');
      cache.set(`cold${i}`, 'x');
    }
    expect(cache.get('hot')).toBe('kept');
    expect(cache.get('cold0')).toBeUndefined();
    expect(cache.size).toBe(10);
  });

  it('replaces a value set again under the same key', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', '1');
    cache.set('a', '2');
    expect(cache.get('a')).toBe('2');
    expect(cache.size).toBe(1);
  });
});
