import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@tolk/shared/errors';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { personInputSchema, personSchema } from '@tolk/shared/schemas/persons';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { createPersonsRepository, type OwnerScope } from './persons.repository';

const scopeOf = (request: FastifyRequest): OwnerScope => {
  const caller = callerOf(request);
  return { tenantId: caller.tenantId, ownerId: caller.accountId, crossTenant: caller.superAdmin };
};

const toJson = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function personsRoutes(app: FastifyInstance) {
  const persons = createPersonsRepository(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['persons'];
  const config = { auth: 'required' as const };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

  r.get(
    '/persons',
    {
      schema: { tags, summary: 'People I met', response: { 200: z.array(personSchema), 401: errorBodySchema } },
      config,
    },
    async (request) => (await persons.listOwn(scopeOf(request))).map(toJson),
  );

  r.post(
    '/persons',
    {
      schema: { tags, summary: 'Add a person', body: personInputSchema, response: { 201: personSchema, ...errors } },
      config,
    },
    async (request, reply) => reply.status(201).send(toJson(await persons.create(scopeOf(request), request.body))),
  );

  r.get(
    '/persons/:id',
    {
      schema: { tags, summary: 'One person', params: idParamsSchema, response: { 200: personSchema, ...errors } },
      config,
    },
    async (request) => {
      const row = await persons.find(scopeOf(request), request.params.id);
      if (!row) throw notFound('Person');
      return toJson(row);
    },
  );

  r.put(
    '/persons/:id',
    {
      schema: {
        tags,
        summary: 'Edit a person',
        params: idParamsSchema,
        body: personInputSchema,
        response: { 200: personSchema, ...errors },
      },
      config,
    },
    async (request) => {
      const row = await persons.update(scopeOf(request), request.params.id, request.body);
      if (!row) throw notFound('Person');
      return toJson(row);
    },
  );

  r.delete(
    '/persons/:id',
    {
      schema: { tags, summary: 'Delete a person', params: idParamsSchema, response: { 204: z.undefined(), ...errors } },
      config,
    },
    async (request, reply) => {
      if (!(await persons.remove(scopeOf(request), request.params.id))) throw notFound('Person');
      return reply.status(204).send();
    },
  );
}
