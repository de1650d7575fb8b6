import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitySearchResult } from '@tolk/shared/schemas/cities';
import { loadConfig } from '../../config';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount } from '../../test/factories';
import { distanceKm } from '@tolk/shared/geo';
import { cityById, searchCities, shownDistance } from './cities';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('cities', () => {
  it('finds cities by the start of a word of their name, the most populous first, with their centre only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities?q=york&limit=3' });
    expect(res.statusCode, res.body).toBe(200);
    const { cities } = res.json<CitySearchResult>();
    expect(cities[0]).toMatchObject({ name: 'New York City', region: 'New York', country: 'US' });
    expect(cities[0]!.lat).toBeCloseTo(40.71, 1);
    expect(cities[0]!.lon).toBeCloseTo(-74.01, 1);
    expect(cities).toHaveLength(3);
    expect(res.body).not.toMatch(/population|adminCode/);
  });

  it("names each city's region, so namesakes in one country are told apart, the most populous first", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities?q=london&limit=20' });
    expect(res.statusCode, res.body).toBe(200);
    const londons = res.json<CitySearchResult>().cities.filter((city) => city.name === 'London');
    expect(londons.map(({ region, country }) => `${region}, ${country}`)).toEqual([
      'England, GB',
      'Ontario, CA',
      'Ohio, US',
      'Kentucky, US',
      'California, US',
      'Arkansas, US',
    ]);
    const populations = londons.map((city) => cityById(city.id)!.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('tells apart namesakes of one region by their centre: no two choices are the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities?q=madridejos' });
    const cities = res.json<CitySearchResult>().cities;
    const philippine = cities.filter((city) => city.country === 'PH');
    expect(philippine).toHaveLength(2);
    expect(philippine.map((city) => city.region)).toEqual(['Central Visayas', 'Central Visayas']);
    expect(distanceKm(philippine[0]!, philippine[1]!)).toBeGreaterThan(100);
    expect(cities.find((city) => city.country === 'ES')).toMatchObject({ region: 'Castilla-La Mancha' });
    // A city whose division has no name in the table has no region, rather than a code.
    const [bergen] = (
      await t.app.inject({ method: 'GET', url: '/api/cities?q=bergen&limit=1' })
    ).json<CitySearchResult>().cities;
    expect(bergen).toMatchObject({ name: 'Bergen', country: 'NO' });
    expect(bergen).not.toHaveProperty('region');
  });

  it('ignores case and accents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities?q=SAO%20PAULO&limit=1' });
    expect(res.json<CitySearchResult>().cities).toEqual([
      expect.objectContaining({ name: 'São Paulo', country: 'BR' }),
    ]);
  });

  it("tells the web where its maps' tiles come from, and the page's policy lets it load them", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map-tiles' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap') as unknown,
    });
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });

  it('asks for something to search', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/cities?q=%20' }), 400, 'validation_failed');
    expectError(await t.app.inject({ method: 'GET', url: '/api/cities?q=os&limit=500' }), 400, 'validation_failed');
  });

  it('measures distances in whole kilometres, never under one', () => {
    const [oslo] = searchCities('oslo', 1);
    const [bergen] = searchCities('bergen', 1);
    expect(Math.round(distanceKm(oslo!, bergen!))).toBe(305);
    expect(shownDistance(0.2)).toBe(1);
    expect(shownDistance(304.6)).toBe(305);
  });
});

describe('city search limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await testApp({ config: { limits: loadConfig({ TOLK_LIMIT_CITY_SEARCHES_PER_MINUTE: '3' }).limits } });
  });
  afterAll(() => limited.close());

  const search = (remoteAddress: string, headers: Record<string, string> = {}) =>
    limited.app.inject({ method: 'GET', url: '/api/cities?q=os', remoteAddress, headers });

  it('counts guests by address: one address is refused past the limit, another still searches', async () => {
    for (let i = 0; i < 3; i++) expect((await search('192.0.2.10')).statusCode).toBe(200);
    const refused = expectError(await search('192.0.2.10'), 429, 'rate_limited');
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await search('192.0.2.11')).statusCode).toBe(200);
  });

  it('counts members by account, not by the address they share with guests', async () => {
    const member = await newAccount(limited.app);
    for (let i = 0; i < 3; i++) expect((await search('192.0.2.20')).statusCode).toBe(200);
    expectError(await search('192.0.2.20'), 429, 'rate_limited');
    expect((await search('192.0.2.20', member.headers)).statusCode).toBe(200);
  });
});
