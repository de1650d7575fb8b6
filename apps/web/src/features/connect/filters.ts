import { isInterest, type Interest } from '@tolk/shared/interests';
import type { CityRef } from '@tolk/shared/schemas/cities';

/**
 * Discovery's filters as the screen holds them, and their place in the URL's search parameters
 * (so back, refresh and a shared link keep them): cities travel with their name and country, as
 * the picker shows them; the server gets their ids only.
 */
export interface ConnectFilters {
  /** '' for any language. */
  speaks: string;
  learns: string;
  interest: Interest | '';
  city: CityRef | null;
  /** Around `city`, or around my home city without one. */
  withinKm: number | null;
  travellingTo: CityRef | null;
  /** ISO dates, '' for open-ended; only with `travellingTo`. */
  from: string;
  until: string;
  ageMin: number | null;
  ageMax: number | null;
  q: string;
}

/** The query string GET /api/connect/people takes: only what is set, so equal filters share a cache key. */
export interface PeopleQuery {
  speaks?: string;
  learns?: string;
  interest?: Interest;
  cityId?: number;
  withinKm?: number;
  travellingTo?: number;
  from?: string;
  until?: string;
  ageMin?: number;
  ageMax?: number;
  q?: string;
}

export const NO_FILTERS: ConnectFilters = {
  speaks: '',
  learns: '',
  interest: '',
  city: null,
  withinKm: null,
  travellingTo: null,
  from: '',
  until: '',
  ageMin: null,
  ageMax: null,
  q: '',
};

/** The distances offered, in kilometres ("Any" is none). */
export const DISTANCES_KM = [10, 50, 200] as const;
export const AGE_MIN = 13;
export const AGE_MAX = 120;
export const NAME_SEARCH_MAX = 64;
const DISTANCE_MAX = 20_000;

/** The search parameters, by filter: short, and readable in a shared link. */
const PARAM = {
  speaks: 'speaks',
  learns: 'learns',
  interest: 'interest',
  city: 'city',
  cityName: 'cityName',
  cityCountry: 'cityCountry',
  withinKm: 'km',
  travellingTo: 'to',
  travellingToName: 'toName',
  travellingToCountry: 'toCountry',
  from: 'from',
  until: 'until',
  ageMin: 'ageMin',
  ageMax: 'ageMax',
  q: 'q',
} as const;
const FILTER_PARAMS: readonly string[] = Object.values(PARAM);

const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function language(value: string | null): string {
  const code = value?.trim().toLowerCase() ?? '';
  return LANGUAGE_CODE.test(code) ? code : '';
}

function integer(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function isoDate(value: string | null): string {
  if (!value || !ISO_DATE.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/** A city a URL carries as three parameters (its id, name and country), or null when any is missing or malformed. */
export function cityFromParams(params: URLSearchParams, id: string, name: string, country: string): CityRef | null {
  const cityId = integer(params.get(id), 1, Number.MAX_SAFE_INTEGER);
  const cityName = params.get(name)?.trim() ?? '';
  const code = params.get(country)?.trim().toUpperCase() ?? '';
  return cityId !== null && cityName && /^[A-Z]{2}$/.test(code) ? { id: cityId, name: cityName, country: code } : null;
}

/** The filters a URL holds; anything malformed is left out rather than sent to be refused. */
export function filtersFromParams(params: URLSearchParams): ConnectFilters {
  const interest = params.get(PARAM.interest) ?? '';
  const travellingTo = cityFromParams(params, PARAM.travellingTo, PARAM.travellingToName, PARAM.travellingToCountry);
  let from = travellingTo ? isoDate(params.get(PARAM.from)) : '';
  let until = travellingTo ? isoDate(params.get(PARAM.until)) : '';
  if (from && until && until < from) [from, until] = [until, from];
  let ageMin = integer(params.get(PARAM.ageMin), AGE_MIN, AGE_MAX);
  let ageMax = integer(params.get(PARAM.ageMax), AGE_MIN, AGE_MAX);
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  return {
    speaks: language(params.get(PARAM.speaks)),
    learns: language(params.get(PARAM.learns)),
    interest: isInterest(interest) ? interest : '',
    city: cityFromParams(params, PARAM.city, PARAM.cityName, PARAM.cityCountry),
    withinKm: integer(params.get(PARAM.withinKm), 1, DISTANCE_MAX),
    travellingTo,
    from,
    until,
    ageMin,
    ageMax,
    q: (params.get(PARAM.q) ?? '').trim().slice(0, NAME_SEARCH_MAX),
  };
}

/**
 * The filters written into search parameters: the other parameters (the tab) stay as they are,
 * and a filter not set leaves no trace.
 */
export function filtersToParams(filters: ConnectFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of current) if (!FILTER_PARAMS.includes(key)) params.append(key, value);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  };
  set(PARAM.q, filters.q.trim());
  set(PARAM.speaks, filters.speaks);
  set(PARAM.learns, filters.learns);
  set(PARAM.interest, filters.interest);
  if (filters.city) {
    set(PARAM.city, filters.city.id);
    set(PARAM.cityName, filters.city.name);
    set(PARAM.cityCountry, filters.city.country);
  }
  set(PARAM.withinKm, filters.withinKm);
  if (filters.travellingTo) {
    set(PARAM.travellingTo, filters.travellingTo.id);
    set(PARAM.travellingToName, filters.travellingTo.name);
    set(PARAM.travellingToCountry, filters.travellingTo.country);
    set(PARAM.from, filters.from);
    set(PARAM.until, filters.until);
  }
  set(PARAM.ageMin, filters.ageMin);
  set(PARAM.ageMax, filters.ageMax);
  return params;
}

/** What the server is asked: ids for cities, dates only with a destination. */
export function peopleQueryOf(filters: ConnectFilters): PeopleQuery {
  const query: PeopleQuery = {};
  if (filters.speaks) query.speaks = filters.speaks;
  if (filters.learns) query.learns = filters.learns;
  if (filters.interest) query.interest = filters.interest;
  if (filters.city) query.cityId = filters.city.id;
  if (filters.withinKm !== null) query.withinKm = filters.withinKm;
  if (filters.travellingTo) {
    query.travellingTo = filters.travellingTo.id;
    if (filters.from) query.from = filters.from;
    if (filters.until) query.until = filters.until;
  }
  if (filters.ageMin !== null) query.ageMin = filters.ageMin;
  if (filters.ageMax !== null) query.ageMax = filters.ageMax;
  const q = filters.q.trim();
  if (q) query.q = q;
  return query;
}

/** How many filters of the panel are set (the name search has its own box): the Filters button's count. */
export function panelFilterCount(filters: ConnectFilters): number {
  return [
    filters.speaks,
    filters.learns,
    filters.interest,
    filters.city,
    filters.withinKm,
    filters.travellingTo,
    filters.ageMin ?? filters.ageMax,
  ].filter((value) => value !== '' && value !== null).length;
}
