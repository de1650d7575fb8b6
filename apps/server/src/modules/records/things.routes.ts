import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usernameSchema } from '@tolk/shared/schemas/auth';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { recordsQuerySchema } from '@tolk/shared/schemas/records';
import {
  offeredThingsSchema,
  thingInputSchema,
  thingSchema,
  thingsPageSchema,
  thingUpdateSchema,
} from '@tolk/shared/schemas/things';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { ownerOf } from './persons.routes';
import type { ThingsService, ThingWriter } from './things.service';

/** My list, or with `owner` (a username) what that member of my community offers. */
const thingsQuerySchema = recordsQuerySchema.extend({ owner: usernameSchema.optional() });

const writerOf = (request: FastifyRequest): ThingWriter => ({
  ...ownerOf(request),
  language: callerOf(request).language,
});

/** Things I offer: list, add, read, edit, delete; and what another member offers. */
export async function thingsRoutes(app: FastifyInstance, options: { service: ThingsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['things'];
  const config = { auth: 'required' as const };
  const errors = errorResponses(400, 401, 404);

  r.get(
    '/things',
    {
      schema: {
        tags,
        summary:
          'My things, a page at a time (search, sort, cursor); with `owner`, the things that member of my community offers, newest first',
        querystring: thingsQuerySchema,
        // Without `owner` a page with `nextCursor`; with it, `items` alone (the union's second arm).
        response: { 200: z.union([thingsPageSchema, offeredThingsSchema]), ...errors },
      },
      config,
    },
    async (request) => {
      const { owner, ...query } = request.query;
      if (owner === undefined) return service.list(ownerOf(request), query);
      return service.offered(callerOf(request), { username: owner });
    },
  );

  r.post(
    '/things',
    {
      schema: { tags, summary: 'Add a thing', body: thingInputSchema, response: { 201: thingSchema, ...errors } },
      config,
    },
    async (request, reply) => reply.status(201).send(await service.create(writerOf(request), request.body)),
  );

  r.get(
    '/things/:id',
    {
      schema: { tags, summary: 'One thing of mine', params: idParamsSchema, response: { 200: thingSchema, ...errors } },
      config,
    },
    async (request) => service.get(ownerOf(request), request.params.id),
  );

  r.put(
    '/things/:id',
    {
      schema: {
        tags,
        summary: 'Edit a thing (409 when it changed since the version given)',
        params: idParamsSchema,
        body: thingUpdateSchema,
        response: { 200: thingSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request) => service.update(writerOf(request), request.params.id, request.body),
  );

  r.delete(
    '/things/:id',
    {
      schema: { tags, summary: 'Delete a thing', params: idParamsSchema, response: { 204: z.undefined(), ...errors } },
      config,
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
