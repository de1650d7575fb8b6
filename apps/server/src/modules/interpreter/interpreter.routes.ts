import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAZA_MEMBER_FACTOR } from '@tolk/shared/limits';
import { museDetailSchema } from '@tolk/shared/schemas/conversations';
import {
  createPlazaInputSchema,
  interpreterProfileInputSchema,
  interpreterProfilePatchSchema,
  interpreterProfileSchema,
  inviteSchema,
  openInterpreterProfileInputSchema,
  joinPlazaInputSchema,
  PLAZA_TOKEN_HEADER,
  plazaMusesSchema,
  plazaSchema,
  plazaSessionSchema,
  sendPlazaMuseInputSchema,
} from '@tolk/shared/schemas/plazas';
import { fieldError, notFound, unauthorized } from '../../errors';
import { ANONYMOUS, callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { isLoopback, lanOrigins } from '../../http/origins';
import type { InterpreterRepository } from './interpreter.repository';
import type { PlazaTokens } from './plaza-tokens';
import type { PlazaCaller, PlazasService } from './plazas.service';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { inviteOriginsSchema } from '@tolk/shared/schemas/plazas';
import { PLAZA_MUSES_PAGE_MAX } from '@tolk/shared/limits';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

export interface GuestLimits {
  createPerHour: number;
  /** Active subscribers open this many times a member's plazas (TOLK_SUBSCRIBER_LIMIT_FACTOR). */
  subscriberFactor?: number;
  joinPerHour: number;
  sendPerMinute: number;
}

const perCaller = (guestMax: number) => (request: FastifyRequest) =>
  request.caller ? guestMax * PLAZA_MEMBER_FACTOR : guestMax;

export function plazaCallerResolver(tokens: PlazaTokens) {
  return async function plazaCaller(request: FastifyRequest): Promise<PlazaCaller | null> {
    const header = request.headers[PLAZA_TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim();
    if (token) {
      const claims = await tokens.verify(token);
      if (!claims) throw unauthorized('This plaza link has expired. Join again with a new code.');
      return {
        kind: 'guest',
        accountId: null,
        guestMemberId: claims.memberId,
        conversationId: claims.conversationId,
        tenantId: null,
        username: '',
        displayName: '',
        language: '',
        superAdmin: false,
        expiresAt: claims.expiresAt,
      };
    }
    return request.caller;
  };
}

export async function interpreterRoutes(
  app: FastifyInstance,
  options: {
    plazas: PlazasService;
    repo: InterpreterRepository;
    tokens: PlazaTokens;
    limits: GuestLimits;
    publicUrl: string | undefined;
  },
) {
  const { plazas, repo, limits } = options;
  // Plazas opened: guests per address, members ten times as many, active subscribers more again.
  const plazaMax = (request: FastifyRequest) =>
    request.caller?.activeSubscriber
      ? limits.createPerHour * PLAZA_MEMBER_FACTOR * (limits.subscriberFactor ?? 1)
      : perCaller(limits.createPerHour)(request);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/interpreter/invite-origins',
    {
      schema: {
        tags: ['interpreter'],
        summary: 'Where another phone can open an invite: the public URL, or this machine’s LAN addresses',
        response: { 200: inviteOriginsSchema },
      },
    },
    async (request) => {
      // Only the machine's own user (a host on localhost) learns its network addresses.
      const local = isLoopback(request.ip);
      const bound = app.server.address();
      return {
        publicUrl: options.publicUrl ?? null,
        lanOrigins: local && bound && typeof bound === 'object' ? reachableOrigins(bound.address, bound.port) : [],
      };
    },
  );
  const resolve = plazaCallerResolver(options.tokens);
  const someone = async (request: FastifyRequest) => {
    const caller = await resolve(request);
    if (!caller) throw unauthorized();
    return caller;
  };
  const anyone = async (request: FastifyRequest): Promise<PlazaCaller> => (await resolve(request)) ?? ANONYMOUS;
  const optional = { auth: 'optional' as const };

  // Saved language pairs (members; guests keep theirs in the browser).
  const profileTags = ['interpreter'];
  const scope = (request: FastifyRequest) => {
    const caller = callerOf(request);
    return { tenantId: caller.tenantId, ownerId: caller.accountId };
  };
  const toJson = (row: Awaited<ReturnType<InterpreterRepository['listProfiles']>>[number]) => ({
    id: row.id,
    name: row.name,
    userLanguage: row.userLanguage,
    audienceLanguage: row.audienceLanguage,
    voice: row.voice,
    createdAt: row.createdAt.toISOString(),
  });

  r.get(
    '/interpreter/profiles',
    {
      schema: {
        tags: profileTags,
        summary: 'My saved language pairs',
        response: { 200: z.array(interpreterProfileSchema), ...errors },
      },
      config: { auth: 'required' },
    },
    async (request) => (await repo.listProfiles(scope(request))).map(toJson),
  );
  r.post(
    '/interpreter/profiles',
    {
      schema: {
        tags: profileTags,
        summary: 'Save a language pair',
        body: interpreterProfileInputSchema,
        response: { 201: interpreterProfileSchema, ...errors },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => reply.status(201).send(toJson(await repo.createProfile(scope(request), request.body))),
  );
  r.patch(
    '/interpreter/profiles/:id',
    {
      schema: {
        tags: profileTags,
        summary: 'Rename or change a language pair',
        params: idParamsSchema,
        body: interpreterProfilePatchSchema,
        response: { 200: interpreterProfileSchema, ...errors },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const patch = Object.fromEntries(
        Object.entries(request.body).filter((entry: [string, unknown]) => entry[1] !== undefined),
      );
      const { userLanguage, audienceLanguage } = request.body;
      if (userLanguage || audienceLanguage) {
        // A patch naming one side is checked against the side it keeps.
        const current = await repo.profile(scope(request), request.params.id);
        if (!current) throw notFound('Interpreter profile');
        if ((userLanguage ?? current.userLanguage) === (audienceLanguage ?? current.audienceLanguage)) {
          throw fieldError('audienceLanguage', 'Choose two different languages.');
        }
      }
      const row = await repo.updateProfile(scope(request), request.params.id, patch);
      if (!row) throw notFound('Interpreter profile');
      return toJson(row);
    },
  );
  r.post(
    '/interpreter/profiles/:id/open',
    {
      schema: {
        tags: profileTags,
        summary: "Open a pair's plaza: the last one while it lives, or a new one (fresh: true)",
        params: idParamsSchema,
        body: openInterpreterProfileInputSchema,
        response: { 200: plazaSessionSchema, ...errors },
      },
      config: { auth: 'required', rateLimit: { max: plazaMax, timeWindow: 3_600_000 } },
    },
    async (request) => plazas.openProfile(callerOf(request), request.params.id, request.body.fresh),
  );
  r.delete(
    '/interpreter/profiles/:id',
    {
      schema: {
        tags: profileTags,
        summary: 'Delete a language pair',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      if (!(await repo.deleteProfile(scope(request), request.params.id))) throw notFound('Interpreter profile');
      return reply.status(204).send(null);
    },
  );

  // Plazas: guests and members.
  const tags = ['plazas'];
  r.post(
    '/plazas',
    {
      schema: {
        tags,
        summary: 'Open a plaza (guests too: their plaza expires, a member keeps theirs)',
        body: createPlazaInputSchema,
        response: { 201: plazaSessionSchema, ...errors },
      },
      config: { ...optional, rateLimit: { max: plazaMax, timeWindow: 3_600_000 } },
    },
    async (request, reply) => reply.status(201).send(await plazas.create(await anyone(request), request.body)),
  );

  r.post(
    '/plazas/join',
    {
      schema: {
        tags,
        summary: 'Join a plaza by its code',
        body: joinPlazaInputSchema,
        response: { 200: plazaSessionSchema, ...errors },
      },
      // Every attempt counts, wrong codes included: six characters must not be guessable.
      config: { ...optional, rateLimit: { max: perCaller(limits.joinPerHour), timeWindow: 3_600_000 } },
    },
    async (request) => plazas.join(await anyone(request), request.body),
  );

  r.get(
    '/plazas/:id',
    {
      schema: {
        tags,
        summary: 'A plaza I host or joined',
        params: idParamsSchema,
        response: { 200: plazaSchema, ...errors },
      },
      config: optional,
    },
    async (request) => plazas.get(request.params.id, await someone(request)),
  );

  r.get(
    '/plazas/:id/muses',
    {
      schema: {
        tags,
        summary: 'Muses after a sequence, each in both languages of the plaza',
        params: idParamsSchema,
        querystring: z.object({
          after: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(PLAZA_MUSES_PAGE_MAX).default(PLAZA_MUSES_PAGE_MAX),
        }),
        response: { 200: plazaMusesSchema, ...errors },
      },
      config: optional,
    },
    async (request) =>
      plazas.muses(request.params.id, await someone(request), request.query.after, request.query.limit),
  );

  r.post(
    '/plazas/:id/muses',
    {
      schema: {
        tags,
        summary: 'Say something on one side of the plaza (same clientId again: same muse)',
        params: idParamsSchema,
        body: sendPlazaMuseInputSchema,
        response: { 200: museDetailSchema, 201: museDetailSchema, ...errors },
      },
      config: { ...optional, rateLimit: { max: perCaller(limits.sendPerMinute), timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { muse, created } = await plazas.send(request.params.id, await someone(request), request.body);
      return reply.status(created ? 201 : 200).send(muse);
    },
  );

  r.post(
    '/plazas/:id/swap',
    {
      schema: {
        tags,
        summary: 'The user and the audience trade places: languages and muses change sides (host, one device)',
        params: idParamsSchema,
        response: { 200: plazaSchema, ...errors },
      },
      config: optional,
    },
    async (request) => plazas.swap(request.params.id, await someone(request)),
  );

  r.delete(
    '/plazas/:id/muses',
    {
      schema: {
        tags,
        summary: 'Clear the conversation (host)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: optional,
    },
    async (request, reply) => {
      await plazas.clear(request.params.id, await someone(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/plazas/:id/invite',
    {
      schema: {
        tags,
        summary: 'Make a join code for a second device (host)',
        params: idParamsSchema,
        response: { 201: inviteSchema, ...errors },
      },
      config: optional,
    },
    async (request, reply) => reply.status(201).send(await plazas.invite(request.params.id, await someone(request))),
  );

  r.delete(
    '/plazas/:id/invite',
    {
      schema: {
        tags,
        summary: 'End the join code; guests who joined leave (host)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: optional,
    },
    async (request, reply) => {
      await plazas.endInvite(request.params.id, await someone(request));
      return reply.status(204).send(null);
    },
  );
}

/**
 * Where another device reaches this server: every LAN address when it listens on all of them
 * (HOST=0.0.0.0, the default), the one it listens on when that is a LAN address, none on loopback.
 */
function reachableOrigins(host: string, port: number): string[] {
  if (host === '0.0.0.0' || host === '::') return lanOrigins(port);
  if (isLoopback(host)) return [];
  return host.includes(':') ? [] : [`http://${host}:${port}`];
}
