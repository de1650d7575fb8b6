import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
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
import { operations } from '../../http/operations';
import type { ConnectService, ConnectViewer } from './connect.service';

/** The member calling, as connect sees them. */
export const viewerOf = (request: FastifyRequest): ConnectViewer => {
  const caller = callerOf(request);
  return { tenantId: caller.tenantId, accountId: caller.accountId, language: caller.language };
};

const connectionStateSchema = z.object({ id: z.uuid(), state: z.enum(['pending', 'accepted']) });

/** Discovery, people, connections and blocks: members only, each in their own tenant. */
export async function connectRoutes(
  app: FastifyInstance,
  options: {
    service: ConnectService;
    requestLimit: { max: number | ((request: FastifyRequest) => number); timeWindow: number };
  },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['connect'],
    errors: errorResponses(400, 401, 404, 429),
    config: { auth: 'required' },
  });

  // Whoever uses connect is active: the coarse "active today" others see.
  app.addHook('onRequest', async (request) => {
    if (request.caller) void service.touch(request.caller.accountId).catch(() => undefined);
  });

  r.get(
    '/connect/people',
    operation({
      summary: 'People in my community, complementary language partners first',
      querystring: discoveryQuerySchema,
      response: { 200: discoveryPageSchema },
    }),
    async (request) => service.discover(viewerOf(request), request.query),
  );

  r.get(
    '/connect/people/:id',
    operation({
      summary: 'One person, their bio in my language',
      params: idParamsSchema,
      response: { 200: personDetailSchema },
    }),
    async (request) => service.person(viewerOf(request), request.params.id),
  );

  r.post(
    '/connect/people/:id/request',
    operation(
      {
        summary: 'Ask to connect, with a short note (accepts their request when they asked first)',
        params: idParamsSchema,
        body: connectRequestInputSchema,
        response: { 200: connectionStateSchema },
      },
      { rateLimit: options.requestLimit },
    ),
    async (request) => service.request(viewerOf(request), request.params.id, request.body.note),
  );

  r.put(
    '/connect/people/:id/block',
    operation({
      summary: 'Block: neither sees the other anywhere',
      params: idParamsSchema,
      response: { 200: okSchema },
    }),
    async (request) => {
      await service.block(viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.delete(
    '/connect/people/:id/block',
    operation({ summary: 'Unblock', params: idParamsSchema, response: { 200: okSchema } }),
    async (request) => {
      await service.unblock(viewerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/connect/blocked',
    operation({ summary: 'People I blocked', response: { 200: blockedPeopleSchema } }),
    async (request) => service.blocked(viewerOf(request)),
  );

  r.get(
    '/connect/connections',
    operation({ summary: 'My connections and pending requests', response: { 200: connectionsSchema } }),
    async (request) => service.connections(viewerOf(request)),
  );

  r.post(
    '/connect/connections/:id/accept',
    operation({
      summary: 'Accept a request made to me',
      params: idParamsSchema,
      response: { 200: connectionStateSchema },
    }),
    async (request) => service.accept(viewerOf(request), request.params.id),
  );

  for (const which of ['decline', 'withdraw', 'remove'] as const) {
    r.post(
      `/connect/connections/:id/${which}`,
      operation({
        summary: {
          decline: 'Decline a request made to me',
          withdraw: 'Withdraw my request',
          remove: 'Remove a connection',
        }[which],
        params: idParamsSchema,
        response: { 200: okSchema },
      }),
      async (request) => {
        await service.end(viewerOf(request), request.params.id, which);
        return { ok: true as const };
      },
    );
  }
}
