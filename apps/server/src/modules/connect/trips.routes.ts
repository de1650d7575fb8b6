import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { okSchema } from '@tolk/shared/schemas/auth';
import {
  meetRequestInputSchema,
  meetRequestParamsSchema,
  meetRequestSchema,
  tripInputSchema,
  tripMeetSchema,
  tripSchema,
  tripsSchema,
  visitorsSchema,
} from '@tolk/shared/schemas/connect';
import { errorResponses } from '../../plugins/errors';
import { ok, routes } from '../../http/routes';
import { viewerOf } from './connect.routes';
import type { MeetRequestsService } from './meet-requests.service';
import type { TripsService } from './trips.service';

export interface TripsRoutesOptions {
  service: TripsService;
  requests: MeetRequestsService;
  /** Asking to meet tells someone: limited as connect requests are. */
  askLimit: { max: number | ((request: FastifyRequest) => number); timeWindow: number };
}

/** Travel & meet: my trips, whom each meets (and asking them to meet), and who is coming to my city. */
export async function tripsRoutes(app: FastifyInstance, { service, requests, askLimit }: TripsRoutesOptions) {
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

  route('POST /connect/trips/:id/meet', {
    summary: 'Ask someone my trip meets (a local, a traveller there then) to meet during it',
    description:
      'Asking again answers the same request and tells them nothing new. Anyone the trip does not meet, or whom I may not reach, is not found.',
    body: meetRequestInputSchema,
    response: { 200: meetRequestSchema, ...errorResponses(409) },
    config: { rateLimit: askLimit },
    handler: (viewer, { params, body }) => requests.ask(viewer, params.id, body.accountId),
  });

  route('DELETE /connect/trips/:id/meet/:accountId', {
    summary: 'Withdraw my asking someone to meet during my trip',
    params: meetRequestParamsSchema,
    response: { 204: z.undefined() },
    handler: (viewer, { params }) => requests.withdraw(viewer, params.id, params.accountId),
  });

  route('GET /connect/visitors', {
    summary: 'Who is coming to my city, soonest first',
    response: { 200: visitorsSchema },
    handler: (viewer) => service.visitors(viewer),
  });
}
