import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { okSchema } from '@tolk/shared/schemas/auth';
import { tripInputSchema, tripMeetSchema, tripSchema, tripsSchema, visitorsSchema } from '@tolk/shared/schemas/connect';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import { viewerOf } from './connect.routes';
import type { TripsService } from './trips.service';

/** Travel & meet: my trips, whom each meets, and who is coming to my city. */
export async function tripsRoutes(app: FastifyInstance, options: { service: TripsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['trips'],
    errors: errorResponses(400, 401, 404),
    config: { auth: 'required' },
  });

  r.get(
    '/connect/trips',
    operation({ summary: 'My trips, upcoming first', response: { 200: tripsSchema } }),
    async (request) => service.mine(viewerOf(request)),
  );

  r.post(
    '/connect/trips',
    operation({ summary: 'Plan a trip', body: tripInputSchema, response: { 201: tripSchema } }),
    async (request, reply) => reply.code(201).send(await service.create(viewerOf(request), request.body)),
  );

  r.put(
    '/connect/trips/:id',
    operation({
      summary: 'Change a trip of mine',
      params: idParamsSchema,
      body: tripInputSchema,
      response: { 200: tripSchema },
    }),
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  r.delete(
    '/connect/trips/:id',
    operation({
      summary: 'Cancel a trip of mine',
      params: idParamsSchema,
      response: { 200: okSchema },
    }),
    async (request) => {
      await service.remove(viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/connect/trips/:id/meet',
    operation({
      summary: 'Locals of a trip\u2019s city and travellers there at the same time',
      params: idParamsSchema,
      response: { 200: tripMeetSchema },
    }),
    async (request) => service.meet(viewerOf(request), request.params.id),
  );

  r.get(
    '/connect/visitors',
    operation({
      summary: 'Who is coming to my city, soonest first',
      response: { 200: visitorsSchema },
    }),
    async (request) => service.visitors(viewerOf(request)),
  );
}
