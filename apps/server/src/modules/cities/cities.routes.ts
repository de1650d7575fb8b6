import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@tolk/shared/errors';
import { citySearchQuerySchema, citySearchResultSchema } from '@tolk/shared/schemas/cities';
import { cityRef, searchCities } from './cities';

/** The bundled city list, searched by name: homes, trips and places all pick from it. */
export async function citiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cities',
    {
      schema: {
        tags: ['cities'],
        summary: 'Cities whose name starts with the text, most populous first',
        querystring: citySearchQuerySchema,
        response: { 200: citySearchResultSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The list never changes while the server runs.
      void reply.header('cache-control', 'public, max-age=86400');
      return { cities: searchCities(request.query.q, request.query.limit).map(cityRef) };
    },
  );
}
