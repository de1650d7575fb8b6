import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addMembersInputSchema,
  allMusesQuerySchema,
  conversationSchema,
  conversationSummarySchema,
  createConversationInputSchema,
  editMuseInputSchema,
  memberSchema,
  museDetailSchema,
  museSchema,
  museTranslationSchema,
  musesPageSchema,
  musesQuerySchema,
  sendMuseInputSchema,
  updateConversationInputSchema,
  updateMembershipInputSchema,
} from '@tolk/shared/schemas/conversations';
import { languageCodeSchema, usernameSchema } from '@tolk/shared/schemas/auth';
import { flagTranslationInputSchema, translationFlagReceiptSchema } from '@tolk/shared/schemas/translation';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import type { MusesService } from './muses.service';
import { idParamsSchema } from '@tolk/shared/schemas/ids';

export async function musesRoutes(
  app: FastifyInstance,
  { service, sendLimit }: { service: MusesService; sendLimit: { max: number; windowMs: number } },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['conversations'],
    errors: errorResponses(400, 401, 403, 404),
    config: { auth: 'required' },
  });
  // Every route here is a member's: the member calling is who acts.
  const actor = callerOf;

  r.get(
    '/conversations',
    operation({
      summary: 'My conversations, most recent first',
      response: { 200: z.array(conversationSummarySchema) },
    }),
    async (request) => service.list(actor(request)),
  );

  r.post(
    '/conversations',
    operation({
      summary: 'Start a one-to-one or group chat (an existing one-to-one chat is returned as it is)',
      body: createConversationInputSchema,
      response: { 200: conversationSchema, 201: conversationSchema },
    }),
    async (request, reply) => {
      const { conversation, created } = await service.create(actor(request), request.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  r.get(
    '/conversations/:id',
    operation({
      summary: 'One conversation and its members',
      params: idParamsSchema,
      response: { 200: conversationSchema },
    }),
    async (request) => {
      const { conversation } = await service.membership(request.params.id, actor(request));
      return service.conversationView(conversation);
    },
  );

  r.patch(
    '/conversations/:id',
    operation({
      summary: 'Rename a group (owner)',
      params: idParamsSchema,
      body: updateConversationInputSchema,
      response: { 200: conversationSchema },
    }),
    async (request) => service.rename(actor(request), request.params.id, request.body.title ?? ''),
  );

  r.post(
    '/conversations/:id/members',
    operation({
      summary: 'Add members to a group (owner)',
      params: idParamsSchema,
      body: addMembersInputSchema,
      response: { 200: conversationSchema },
    }),
    async (request) => service.addMembers(actor(request), request.params.id, request.body.members),
  );

  r.delete(
    '/conversations/:id/members/:username',
    operation({
      summary: 'Remove a member (owner), or leave (yourself)',
      params: idParamsSchema.extend({ username: usernameSchema }),
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.removeMember(actor(request), request.params.id, request.params.username);
      return reply.status(204).send(null);
    },
  );

  r.patch(
    '/conversations/:id/me',
    operation({
      summary: 'My reading language, languages I read without translation, and what I have read',
      params: idParamsSchema,
      body: updateMembershipInputSchema,
      response: { 200: memberSchema },
    }),
    async (request) => service.updateMe(actor(request), request.params.id, request.body),
  );

  r.get(
    '/conversations/:id/muses',
    operation({
      summary: 'Muses after or before a sequence number, each with its translation for me',
      params: idParamsSchema,
      querystring: musesQuerySchema,
      response: { 200: musesPageSchema },
    }),
    async (request) => service.musesPage(actor(request), request.params.id, request.query),
  );

  r.post(
    '/conversations/:id/muses',
    operation(
      {
        summary: 'Send a muse; the same clientId again returns the same muse',
        params: idParamsSchema,
        body: sendMuseInputSchema,
        response: { 200: museSchema, 201: museSchema },
      },
      { rateLimit: { max: sendLimit.max, timeWindow: sendLimit.windowMs } },
    ),
    async (request, reply) => {
      const { muse, created } = await service.send(actor(request), request.params.id, request.body, 'http');
      return reply.status(created ? 201 : 200).send(muse);
    },
  );

  r.get(
    '/muses',
    operation({
      summary: 'All my muses across conversations, newest first',
      querystring: allMusesQuerySchema,
      response: { 200: musesPageSchema },
    }),
    async (request) => {
      const before = request.query.before ? new Date(request.query.before) : undefined;
      return service.allMuses(
        actor(request),
        before && !Number.isNaN(before.getTime()) ? before : undefined,
        request.query.limit,
      );
    },
  );

  r.get(
    '/muses/:id',
    operation({
      summary: 'A muse with every language version made so far',
      params: idParamsSchema,
      response: { 200: museDetailSchema },
    }),
    async (request) => service.museDetail(actor(request), request.params.id),
  );

  r.post(
    '/muses/:id/translations',
    operation({
      summary: 'Translate a muse into a language of my choice',
      params: idParamsSchema,
      body: z.object({ to: languageCodeSchema }),
      response: { 200: museTranslationSchema },
    }),
    async (request) => service.translateOnDemand(actor(request), request.params.id, request.body.to),
  );

  r.post(
    '/muses/:id/flags',
    operation({
      summary: 'Flag the machine translation of a muse I can read as bad (once per member and translation)',
      description:
        'Kept with the text pair and engine for superadmins; the translation memory stops serving the ' +
        'pair until the engine translates it again. 201 for a new flag, 200 with the same flag when repeated.',
      params: idParamsSchema,
      body: flagTranslationInputSchema,
      response: { 200: translationFlagReceiptSchema, 201: translationFlagReceiptSchema },
    }),
    async (request, reply) => {
      const { created, ...flag } = await service.flagTranslation(actor(request), request.params.id, request.body.to);
      return reply.code(created ? 201 : 200).send(flag);
    },
  );

  r.patch(
    '/muses/:id',
    operation({
      summary: 'Edit my muse (translations are redone)',
      params: idParamsSchema,
      body: editMuseInputSchema,
      response: { 200: museSchema },
    }),
    async (request) => service.edit(actor(request), request.params.id, request.body),
  );

  r.delete(
    '/muses/:id',
    operation({
      summary: 'Delete my muse (a tombstone stays in the sequence)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.remove(actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
