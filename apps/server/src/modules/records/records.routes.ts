import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personSchema } from '@tolk/shared/schemas/persons';
import { placeSchema } from '@tolk/shared/schemas/places';
import { thingSchema } from '@tolk/shared/schemas/things';
import { errorResponses } from '../../plugins/errors';
import { ownerOf } from './persons.routes';
import type { PersonsService } from './persons.service';
import type { PlacesService } from './places.service';
import { toCsv } from '../../csv';
import type { ThingsService } from './things.service';

const exportQuerySchema = z.object({
  format: z.enum(['json', 'csv']).default('json'),
  /** CSV holds one kind a file. */
  kind: z.enum(['persons', 'places', 'things']).default('persons'),
});

/** A member's data is theirs: every person, place and thing they keep, as JSON or CSV. */
export async function recordsRoutes(
  app: FastifyInstance,
  options: { persons: PersonsService; places: PlacesService; things: ThingsService },
) {
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
              persons: z.array(personSchema),
              places: z.array(placeSchema),
              things: z.array(thingSchema),
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
          options.persons.exportAll(owner),
          options.places.exportAll(owner),
          options.things.exportAll(owner),
        ]);
        void reply.header('content-disposition', `attachment; filename="tolk-records-${day}.json"`);
        return { exportedAt: new Date().toISOString(), persons, places, things };
      }
      let csv: string;
      if (kind === 'persons') {
        const rows = await options.persons.exportAll(owner);
        csv = toCsv(
          [
            'id',
            'name',
            'description',
            'note',
            'met_where',
            'met_on',
            'met_place',
            'languages',
            'account',
            'created_at',
            'updated_at',
          ],
          rows.map((p) => [
            p.id,
            p.name,
            p.description,
            p.note,
            p.metWhere,
            p.metOn,
            p.metPlace?.name,
            p.languages,
            p.account?.username,
            p.createdAt,
            p.updatedAt,
          ]),
        );
      } else if (kind === 'places') {
        const rows = await options.places.exportAll(owner);
        csv = toCsv(
          [
            'id',
            'name',
            'kind',
            'address',
            'lat',
            'lon',
            'city',
            'country',
            'rating',
            'note',
            'created_at',
            'updated_at',
          ],
          rows.map((p) => [
            p.id,
            p.name,
            p.kind,
            p.address,
            p.lat,
            p.lon,
            p.city?.name,
            p.city?.country,
            p.rating,
            p.note,
            p.createdAt,
            p.updatedAt,
          ]),
        );
      } else {
        const rows = await options.things.exportAll(owner);
        csv = toCsv(
          [
            'id',
            'name',
            'description',
            'description_language',
            'price_minor',
            'currency',
            'unit',
            'availability',
            'visibility',
            'created_at',
            'updated_at',
          ],
          rows.map((t) => [
            t.id,
            t.name,
            t.description,
            t.descriptionLanguage,
            t.priceMinor,
            t.currency,
            t.unit,
            t.availability,
            t.visibility,
            t.createdAt,
            t.updatedAt,
          ]),
        );
      }
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tolk-${kind}-${day}.csv"`);
      return csv;
    },
  );
}
