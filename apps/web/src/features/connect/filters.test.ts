import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  filtersToParams,
  NO_FILTERS,
  panelFilterCount,
  peopleQueryOf,
  type ConnectFilters,
} from './filters';

const MADRID = { id: 3117735, name: 'Madrid', country: 'ES' };
const LISBON = { id: 2267057, name: 'Lisbon', country: 'PT' };

const EVERYTHING: ConnectFilters = {
  speaks: 'es',
  learns: 'en',
  interest: 'hiking',
  city: MADRID,
  withinKm: 50,
  travellingTo: LISBON,
  from: '2026-07-01',
  until: '2026-07-14',
  ageMin: 20,
  ageMax: 35,
  q: 'Ana',
};

const params = (query: string) => new URLSearchParams(query);

describe('discovery filters in the URL', () => {
  it('has no parameters without filters, and no filters without parameters', () => {
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(filtersFromParams(params(''))).toEqual(NO_FILTERS);
  });

  it('writes every filter and reads the same filters back', () => {
    const written = filtersToParams(EVERYTHING);
    expect(Object.fromEntries(written)).toEqual({
      q: 'Ana',
      speaks: 'es',
      learns: 'en',
      interest: 'hiking',
      city: '3117735',
      cityName: 'Madrid',
      cityCountry: 'ES',
      km: '50',
      to: '2267057',
      toName: 'Lisbon',
      toCountry: 'PT',
      from: '2026-07-01',
      until: '2026-07-14',
      ageMin: '20',
      ageMax: '35',
    });
    expect(filtersFromParams(written)).toEqual(EVERYTHING);
  });

  it('keeps the parameters that are not filters (the tab) and replaces the old filters', () => {
    const current = params('tab=requests&speaks=fr&km=10');
    const written = filtersToParams({ ...NO_FILTERS, learns: 'ja' }, current);
    expect(written.toString()).toBe('tab=requests&learns=ja');
  });

  it('leaves out what is malformed rather than have the server refuse it', () => {
    const read = filtersFromParams(
      params(
        'speaks=english!&learns=PT-BR&interest=knitting&city=abc&cityName=X&cityCountry=ES&km=-3' +
          '&to=5&toCountry=PT&ageMin=9&ageMax=200&q=' +
          'x'.repeat(80),
      ),
    );
    expect(read).toEqual({ ...NO_FILTERS, learns: 'pt-br', q: 'x'.repeat(64) });
  });

  it('puts reversed ages and dates in order, and drops dates without a destination', () => {
    expect(filtersFromParams(params('ageMin=40&ageMax=25'))).toMatchObject({ ageMin: 25, ageMax: 40 });
    expect(
      filtersFromParams(params('to=2267057&toName=Lisbon&toCountry=pt&from=2026-07-14&until=2026-07-01')),
    ).toMatchObject({ travellingTo: LISBON, from: '2026-07-01', until: '2026-07-14' });
    expect(filtersFromParams(params('from=2026-07-01&until=2026-07-14'))).toMatchObject({ from: '', until: '' });
    expect(filtersFromParams(params('to=2267057&toName=Lisbon&toCountry=PT&from=2026-02-30'))).toMatchObject({
      from: '',
    });
  });

  it('asks the server by ids, only what is set', () => {
    expect(peopleQueryOf(EVERYTHING)).toEqual({
      speaks: 'es',
      learns: 'en',
      interest: 'hiking',
      cityId: 3117735,
      withinKm: 50,
      travellingTo: 2267057,
      from: '2026-07-01',
      until: '2026-07-14',
      ageMin: 20,
      ageMax: 35,
      q: 'Ana',
    });
    expect(peopleQueryOf(NO_FILTERS)).toEqual({});
    // A distance alone is around my home city: the server knows where that is.
    expect(peopleQueryOf({ ...NO_FILTERS, withinKm: 10 })).toEqual({ withinKm: 10 });
  });

  it('counts the panel filters set, an age range once, the name search not at all', () => {
    expect(panelFilterCount(NO_FILTERS)).toBe(0);
    expect(panelFilterCount({ ...NO_FILTERS, q: 'Ana', ageMin: 20, ageMax: 30 })).toBe(1);
    expect(panelFilterCount(EVERYTHING)).toBe(7);
  });
});
