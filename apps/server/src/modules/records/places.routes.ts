import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { placeInputSchema, placeSchema, placesPageSchema, placeUpdateSchema } from '@tolk/shared/schemas/places';
import { recordsQuerySchema } from '@tolk/shared/schemas/records';
import { errorResponses } from '../../plugins/errors';
import { ownerOf } from './persons.routes';
import type { PlacesService } from './places.service';

/** Places I keep: list, add, read, edit, delete. */
export async function placesRoutes(app: FastifyInstance, options: { service: PlacesService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  const config = { auth: 'required' as const };
  const errors = errorResponses(400, 401, 404);

  r.get(
    '/places',
    {
      schema: {
        tags,
        summary: 'Places I keep, a page at a time (search, sort, cursor)',
        querystring: recordsQuerySchema,
        response: { 200: placesPageSchema, ...errors },
      },
      config,
    },
    async (request) => service.list(ownerOf(request), request.query),
  );

  r.post(
    '/places',
    {
      schema: { tags, summary: 'Add a place', body: placeInputSchema, response: { 201: placeSchema, ...errors } },
      config,
    },
    async (request, reply) => reply.status(201).send(await service.create(ownerOf(request), request.body)),
  );

  r.get(
    '/places/:id',
    {
      schema: { tags, summary: 'One place', params: idParamsSchema, response: { 200: placeSchema, ...errors } },
      config,
    },
    async (request) => service.get(ownerOf(request), request.params.id),
  );

  r.put(
    '/places/:id',
    {
      schema: {
        tags,
        summary: 'Edit a place (409 when it changed since the version given)',
        params: idParamsSchema,
        body: placeUpdateSchema,
        response: { 200: placeSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request) => service.update(ownerOf(request), request.params.id, request.body),
  );

  r.delete(
    '/places/:id',
    {
      schema: { tags, summary: 'Delete a place', params: idParamsSchema, response: { 204: z.undefined(), ...errors } },
      config,
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
