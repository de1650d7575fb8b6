import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitySearchResult } from '@tolk/shared/schemas/cities';
import { loadConfig } from '../../config';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount } from '../../test/factories';
import { distanceKm, searchCities, shownDistance } from './cities';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('cities', () => {
  it('finds cities by the start of a word of their name, the most populous first, without coordinates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities?q=york&limit=3' });
    expect(res.statusCode, res.body).toBe(200);
    const { cities } = res.json<CitySearchResult>();
    expect(cities[0]).toMatchObject({ name: 'New York City', country: 'US' });
    expect(cities).toHaveLength(3);
    expect(res.body).not.toMatch(/lat|lon|population/);
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
