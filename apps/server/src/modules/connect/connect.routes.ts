import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  blockedPeopleSchema,
  connectionsSchema,
  connectRequestInputSchema,
  discoveryPageSchema,
  discoveryQuerySchema,
  personDetailSchema,
} from '@tolk/shared/schemas/connect';
import { okSchema } from '@tolk/shared/schemas/auth';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { ok, routes } from '../../http/routes';
import type { ConnectService, ConnectViewer } from './connect.service';

/** The member calling, as connect sees them. */
export const viewerOf = (request: FastifyRequest): ConnectViewer => {
  const { tenantId, accountId, language } = callerOf(request);
  return { tenantId, accountId, language };
};

const connectionStateSchema = z.object({ id: z.uuid(), state: z.enum(['pending', 'accepted']) });

export interface ConnectRoutesOptions {
  service: ConnectService;
  /** How many requests to connect a member may send per window. */
  requestLimit: { max: number | ((request: FastifyRequest) => number); timeWindow: number };
}

/** Discovery, people, connections and blocks: members only, each in their own tenant. */
export async function connectRoutes(app: FastifyInstance, { service, requestLimit }: ConnectRoutesOptions) {
  const route = routes(app, {
    tags: ['connect'],
    errors: errorResponses(400, 401, 404, 429),
    actor: viewerOf,
  });

  // Whoever uses connect is active: the coarse "active today" others see.
  app.addHook('onRequest', async (request) => {
    if (request.caller) void service.touch(request.caller.accountId).catch(() => undefined);
  });

  route('GET /connect/people', {
    summary: 'People in my community, complementary language partners first',
    querystring: discoveryQuerySchema,
    response: { 200: discoveryPageSchema },
    handler: (viewer, { query }) => service.discover(viewer, query),
  });

  route('GET /connect/people/:id', {
    summary: 'One person, their bio in my language',
    response: { 200: personDetailSchema },
    handler: (viewer, { params }) => service.person(viewer, params.id),
  });

  route('POST /connect/people/:id/request', {
    summary: 'Ask to connect, with a short note (accepts their request when they asked first)',
    body: connectRequestInputSchema,
    response: { 200: connectionStateSchema },
    config: { rateLimit: requestLimit },
    handler: (viewer, { params, body }) => service.request(viewer, params.id, body.note),
  });

  route('PUT /connect/people/:id/block', {
    summary: 'Block: neither sees the other anywhere',
    response: { 200: okSchema },
    handler: (viewer, { params }) => ok(service.block(viewer, params.id)),
  });

  route('DELETE /connect/people/:id/block', {
    summary: 'Unblock',
    response: { 200: okSchema },
    handler: (viewer, { params }) => ok(service.unblock(viewer, params.id)),
  });

  route('GET /connect/blocked', {
    summary: 'People I blocked',
    response: { 200: blockedPeopleSchema },
    handler: (viewer) => service.blocked(viewer),
  });

  route('GET /connect/connections', {
    summary: 'My connections and pending requests',
    response: { 200: connectionsSchema },
    handler: (viewer) => service.connections(viewer),
  });

  route('POST /connect/connections/:id/accept', {
    summary: 'Accept a request made to me',
    response: { 200: connectionStateSchema },
    handler: (viewer, { params }) => service.accept(viewer, params.id),
  });

  const endings = {
    decline: 'Decline a request made to me',
    withdraw: 'Withdraw my request',
    remove: 'Remove a connection',
  } as const;
  for (const which of ['decline', 'withdraw', 'remove'] as const) {
    route(`POST /connect/connections/:id/${which}`, {
      summary: endings[which],
      response: { 200: okSchema },
      handler: (viewer, { params }) => ok(service.end(viewer, params.id, which)),
    });
  }
}
