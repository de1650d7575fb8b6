import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { personInputSchema, personSchema, personsPageSchema, personUpdateSchema } from '@tolk/shared/schemas/persons';
import { recordsQuerySchema } from '@tolk/shared/schemas/records';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { OwnerScope } from './keyset';
import type { PersonsService } from './persons.service';

/** The caller as the owner of records: their tenant and account (superadmins reach any one record). */
export const ownerOf = (request: FastifyRequest): OwnerScope => {
  const caller = callerOf(request);
  return { tenantId: caller.tenantId, ownerId: caller.accountId, crossTenant: caller.superAdmin };
};

/** People I met: list, add, read, edit, delete. */
export async function personsRoutes(app: FastifyInstance, options: { service: PersonsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['persons'];
  const config = { auth: 'required' as const };
  const errors = errorResponses(400, 401, 404);

  r.get(
    '/persons',
    {
      schema: {
        tags,
        summary: 'People I met, a page at a time (search, sort, cursor)',
        querystring: recordsQuerySchema,
        response: { 200: personsPageSchema, ...errors },
      },
      config,
    },
    async (request) => service.list(ownerOf(request), request.query),
  );

  r.post(
    '/persons',
    {
      schema: { tags, summary: 'Add a person', body: personInputSchema, response: { 201: personSchema, ...errors } },
      config,
    },
    async (request, reply) => reply.status(201).send(await service.create(ownerOf(request), request.body)),
  );

  r.get(
    '/persons/:id',
    {
      schema: { tags, summary: 'One person', params: idParamsSchema, response: { 200: personSchema, ...errors } },
      config,
    },
    async (request) => service.get(ownerOf(request), request.params.id),
  );

  r.put(
    '/persons/:id',
    {
      schema: {
        tags,
        summary: 'Edit a person (409 when it changed since the version given)',
        params: idParamsSchema,
        body: personUpdateSchema,
        response: { 200: personSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request) => service.update(ownerOf(request), request.params.id, request.body),
  );

  r.delete(
    '/persons/:id',
    {
      schema: { tags, summary: 'Delete a person', params: idParamsSchema, response: { 204: z.undefined(), ...errors } },
      config,
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
