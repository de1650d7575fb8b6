// Zod-free, like limits.ts: distances on Earth, measured the same way by the server (how far
// members live apart) and the web (how far a place's point lies from its city).

/** The Earth's mean radius, in kilometres. */
export const EARTH_KM = 6371;

export interface LatLon {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far a place's point may lie from the centre of its city before the place form asks whether
 * it is meant: a city and its outskirts, not the next region (nor a tap in another country).
 */
export const PLACE_NEAR_CITY_KM = 50;

/** Whether a place's point lies too far from its city to be saved without asking. */
export const farFromCity = (point: LatLon, city: LatLon): boolean => distanceKm(point, city) > PLACE_NEAR_CITY_KM;
