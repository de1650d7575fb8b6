import type { FastifyInstance } from 'fastify';
import { okSchema } from '@tolk/shared/schemas/auth';
import { tripInputSchema, tripMeetSchema, tripSchema, tripsSchema, visitorsSchema } from '@tolk/shared/schemas/connect';
import { errorResponses } from '../../plugins/errors';
import { ok, routes } from '../../http/routes';
import { viewerOf } from './connect.routes';
import type { TripsService } from './trips.service';

/** Travel & meet: my trips, whom each meets, and who is coming to my city. */
export async function tripsRoutes(app: FastifyInstance, { service }: { service: TripsService }) {
  const route = routes(app, {
    tags: ['trips'],
    errors: errorResponses(400, 401, 404),
    actor: viewerOf,
  });

  route('GET /connect/trips', {
    summary: 'My trips, upcoming first',
    response: { 200: tripsSchema },
    handler: (viewer) => service.mine(viewer),
  });

  route('POST /connect/trips', {
    summary: 'Plan a trip',
    body: tripInputSchema,
    response: { 201: tripSchema },
    handler: (viewer, { body }) => service.create(viewer, body),
  });

  route('PUT /connect/trips/:id', {
    summary: 'Change a trip of mine',
    body: tripInputSchema,
    response: { 200: tripSchema },
    handler: (viewer, { params, body }) => service.update(viewer, params.id, body),
  });

  route('DELETE /connect/trips/:id', {
    summary: 'Cancel a trip of mine',
    response: { 200: okSchema },
    handler: (viewer, { params }) => ok(service.remove(viewer, params.id)),
  });

  route('GET /connect/trips/:id/meet', {
    summary: 'Locals of a trip\u2019s city and travellers there at the same time',
    response: { 200: tripMeetSchema },
    handler: (viewer, { params }) => service.meet(viewer, params.id),
  });

  route('GET /connect/visitors', {
    summary: 'Who is coming to my city, soonest first',
    response: { 200: visitorsSchema },
    handler: (viewer) => service.visitors(viewer),
  });
}
