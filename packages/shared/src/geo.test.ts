import { describe, expect, it } from 'vitest';
import { distanceKm, farFromCity, PLACE_NEAR_CITY_KM } from './geo';

const MADRID = { lat: 40.4165, lon: -3.70256 };

describe('geo', () => {
  it('measures great-circle distances in kilometres, across the antimeridian too', () => {
    expect(distanceKm(MADRID, MADRID)).toBe(0);
    expect(Math.round(distanceKm({ lat: 59.91273, lon: 10.74609 }, { lat: 60.39299, lon: 5.32415 }))).toBe(305);
    expect(Math.round(distanceKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 }))).toBe(111);
  });

  it('asks about a point more than 50 km from its city, not one in its outskirts', () => {
    expect(PLACE_NEAR_CITY_KM).toBe(50);
    // Alcalá de Henares (about 30 km) is Madrid's; Toledo (about 67 km) and Chad are not.
    expect(farFromCity({ lat: 40.48205, lon: -3.35996 }, MADRID)).toBe(false);
    expect(farFromCity({ lat: 39.8581, lon: -4.02263 }, MADRID)).toBe(true);
    expect(farFromCity({ lat: 13.33, lon: 14.06 }, MADRID)).toBe(true);
  });
});
