import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { citySearchQuerySchema, citySearchResultSchema, mapTilesSchema } from '@tolk/shared/schemas/cities';
import type { MapTiles } from '../../config';
import { errorResponses } from '../../plugins/errors';
import { cityRef, searchCities } from './cities';

/** The bundled city list, searched by name: homes, trips and places all pick from it. */
export async function citiesRoutes(app: FastifyInstance, { mapTiles }: { mapTiles: MapTiles }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cities',
    {
      schema: {
        tags: ['cities'],
        summary: 'Cities whose name starts with the text, most populous first',
        querystring: citySearchQuerySchema,
        response: { 200: citySearchResultSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // The list never changes while the server runs.
      void reply.header('cache-control', 'public, max-age=86400');
      return { cities: searchCities(request.query.q, request.query.limit).map(cityRef) };
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
