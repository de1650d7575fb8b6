import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { citySearchQuerySchema, citySearchResultSchema, mapTilesSchema } from '@tolk/shared/schemas/cities';
import type { MapTiles } from '../../config';
import { errorResponses } from '../../plugins/errors';
import { cityChoice, searchCities } from './cities';

export interface CitiesRoutesOptions {
  mapTiles: MapTiles;
  /**
   * Searches per caller per window. Guests may search (the API is public; the web only searches
   * for members) and are counted by address; members by account.
   */
  searchLimit: { max: number; timeWindow: number };
}

/** The bundled city list, searched by name: homes, trips and places all pick from it. */
export async function citiesRoutes(app: FastifyInstance, { mapTiles, searchLimit }: CitiesRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cities',
    {
      schema: {
        tags: ['cities'],
        summary: 'Cities whose name starts with the text, most populous first, with their region and centre',
        querystring: citySearchQuerySchema,
        response: { 200: citySearchResultSchema, ...errorResponses(400, 429) },
      },
      // 'optional' resolves a member, so the limit counts them by account rather than address.
      config: { auth: 'optional', rateLimit: searchLimit },
    },
    async (request, reply) => {
      // The list never changes while the server runs.
      void reply.header('cache-control', 'public, max-age=86400');
      return { cities: searchCities(request.query.q, request.query.limit).map(cityChoice) };
    },
  );

  r.get(
    '/map-tiles',
    {
      schema: {
        tags: ['cities'],
        summary: 'Where maps take their tiles from (TOLK_MAP_TILE_URL) and whom to credit',
        response: { 200: mapTilesSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return { url: mapTiles.url, attribution: mapTiles.attribution };
    },
  );
}
