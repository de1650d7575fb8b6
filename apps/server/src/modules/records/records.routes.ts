import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { recordsQuerySchema, type RecordsListQuery } from '@tolk/shared/schemas/records';
import { toCsv } from '../../csv';
import { callerOf, type MemberCaller } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { OwnerScope } from './keyset';
import type { RecordApi, RecordWriter } from './record-kind';
import type { RecordsService } from './records.service';

/** The caller as the owner of records: their tenant and account (superadmins reach any one record). */
export const ownerOf = (request: FastifyRequest): OwnerScope => {
  const caller = callerOf(request);
  return { tenantId: caller.tenantId, ownerId: caller.accountId, crossTenant: caller.superAdmin };
};

const writerOf = (request: FastifyRequest): RecordWriter => ({
  ...ownerOf(request),
  language: callerOf(request).language,
});

/** A kind's list that also answers for records other than the caller's own (offered things). */
export interface RecordListOf<Query extends RecordsListQuery> {
  querystring: z.ZodType<Query>;
  response: z.ZodType;
  /** The answer when the query asks for others' records; undefined for the caller's own list. */
  others(caller: MemberCaller, query: Query): Promise<unknown> | undefined;
}

/** A kind's records: list, add, read, edit, delete (and, through `list`, what others offer). */
export function recordRoutes<Item, Input, Query extends RecordsListQuery = RecordsListQuery>(
  api: RecordApi<Item, Input>,
  service: RecordsService<Item, Input>,
  list?: RecordListOf<Query>,
) {
  // Written once for every kind, so typed here by the kind's types rather than inferred from its
  // schemas (which validate and serialise each route all the same).
  type Params = { id: string };
  return async function routes(app: FastifyInstance) {
    const tags = [api.name];
    const config = { auth: 'required' as const };
    const errors = errorResponses(400, 401, 404);
    const path = `/${api.name}`;

    app.get<{ Querystring: Query }>(
      path,
      {
        schema: {
          tags,
          summary: api.summaries.list,
          querystring: list?.querystring ?? recordsQuerySchema,
          response: { 200: list?.response ?? api.page, ...errors },
        },
        config,
      },
      async (request) => {
        const query = request.query as Query;
        return list?.others(callerOf(request), query) ?? service.list(ownerOf(request), query);
      },
    );

    app.post<{ Body: Input }>(
      path,
      {
        schema: { tags, summary: `Add a ${api.one}`, body: api.input, response: { 201: api.item, ...errors } },
        config,
      },
      async (request, reply) => reply.status(201).send(await service.create(writerOf(request), request.body as Input)),
    );

    app.get<{ Params: Params }>(
      `${path}/:id`,
      {
        schema: { tags, summary: api.summaries.get, params: idParamsSchema, response: { 200: api.item, ...errors } },
        config,
      },
      async (request) => service.get(ownerOf(request), request.params.id),
    );

    app.put<{ Params: Params; Body: Input & { version: number } }>(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: `Edit a ${api.one} (409 when it changed since the version given)`,
          params: idParamsSchema,
          body: api.update,
          response: { 200: api.item, ...errorResponses(409), ...errors },
        },
        config,
      },
      async (request) =>
        service.update(writerOf(request), request.params.id, request.body as Input & { version: number }),
    );

    app.delete<{ Params: Params }>(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${api.one}`,
          params: idParamsSchema,
          response: { 204: z.undefined(), ...errors },
        },
        config,
      },
      async (request, reply) => {
        await service.remove(ownerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

/** A kind as the export reads it: all of an owner's records, as JSON items or as a CSV file. */
export function exportedKind<Item>(
  api: Pick<RecordApi<Item, unknown>, 'item' | 'csv' | 'csvValues'>,
  service: Pick<RecordsService<Item, unknown>, 'exportAll'>,
) {
  const headers = api.csv.split(' ');
  const values = headers.map(
    (header) =>
      api.csvValues?.[header] ??
      ((item: Item) => (item as Record<string, unknown>)[header.replace(/_(.)/g, (_, c: string) => c.toUpperCase())]),
  );
  return {
    schema: z.array(api.item),
    all: (owner: OwnerScope): Promise<unknown[]> => service.exportAll(owner),
    async csv(owner: OwnerScope): Promise<string> {
      const items = await service.exportAll(owner);
      return toCsv(
        headers,
        items.map((item) => values.map((value) => value(item))),
      );
    },
  };
}
type ExportedKind = ReturnType<typeof exportedKind>;

/** A member's data is theirs: every person, place and thing they keep, as JSON or CSV. */
export function recordsExportRoutes(kinds: { persons: ExportedKind; places: ExportedKind; things: ExportedKind }) {
  const exportQuerySchema = z.object({
    format: z.enum(['json', 'csv']).default('json'),
    /** CSV holds one kind a file. */
    kind: z.enum(['persons', 'places', 'things']).default('persons'),
  });
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/records/export',
      {
        schema: {
          tags: ['records'],
          summary: 'Download my people, places and things (JSON: all of them; CSV: one kind)',
          querystring: exportQuerySchema,
          response: {
            200: z.union([
              z.object({
                exportedAt: z.string(),
                persons: kinds.persons.schema,
                places: kinds.places.schema,
                things: kinds.things.schema,
              }),
              z.string(),
            ]),
            ...errorResponses(400, 401),
          },
        },
        config: { auth: 'required' },
      },
      async (request, reply) => {
        const owner = ownerOf(request);
        const day = new Date().toISOString().slice(0, 10);
        const { format, kind } = request.query;
        if (format === 'json') {
          const [persons, places, things] = await Promise.all([
            kinds.persons.all(owner),
            kinds.places.all(owner),
            kinds.things.all(owner),
          ]);
          void reply.header('content-disposition', `attachment; filename="tolk-records-${day}.json"`);
          return { exportedAt: new Date().toISOString(), persons, places, things };
        }
        const csv = await kinds[kind].csv(owner);
        void reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tolk-${kind}-${day}.csv"`);
        return csv;
      },
    );
  };
}
