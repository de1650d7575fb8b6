import type { FastifyInstance } from 'fastify';
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
import { routes } from '../../http/routes';
import type { MusesService } from './muses.service';
import { idParamsSchema } from '@tolk/shared/schemas/ids';

export async function musesRoutes(
  app: FastifyInstance,
  { service, sendLimit }: { service: MusesService; sendLimit: { max: number; windowMs: number } },
) {
  const route = routes(app, {
    tags: ['conversations'],
    errors: errorResponses(400, 401, 403, 404),
    // Every route here is a member's: the member calling is who acts.
    actor: callerOf,
  });

  route('GET /conversations', {
    summary: 'My conversations, most recent first',
    response: { 200: z.array(conversationSummarySchema) },
    handler: (actor) => service.list(actor),
  });

  route('POST /conversations', {
    summary: 'Start a one-to-one or group chat (an existing one-to-one chat is returned as it is)',
    body: createConversationInputSchema,
    response: { 200: conversationSchema, 201: conversationSchema },
    handler: async (actor, { body }, reply) => {
      const { conversation, created } = await service.create(actor, body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  });

  route('GET /conversations/:id', {
    summary: 'One conversation and its members',
    response: { 200: conversationSchema },
    handler: async (actor, { params }) => {
      const { conversation } = await service.membership(params.id, actor);
      return service.conversationView(conversation);
    },
  });

  route('PATCH /conversations/:id', {
    summary: 'Rename a group (owner)',
    body: updateConversationInputSchema,
    response: { 200: conversationSchema },
    handler: (actor, { params, body }) => service.rename(actor, params.id, body.title ?? ''),
  });

  route('POST /conversations/:id/members', {
    summary: 'Add members to a group (owner)',
    body: addMembersInputSchema,
    response: { 200: conversationSchema },
    handler: (actor, { params, body }) => service.addMembers(actor, params.id, body.members),
  });

  route('DELETE /conversations/:id/members/:username', {
    summary: 'Remove a member (owner), or leave (yourself)',
    params: idParamsSchema.extend({ username: usernameSchema }),
    response: { 204: z.null() },
    handler: async (actor, { params }) => {
      await service.removeMember(actor, params.id, params.username);
      return null;
    },
  });

  route('PATCH /conversations/:id/me', {
    summary: 'My reading language, languages I read without translation, and what I have read',
    body: updateMembershipInputSchema,
    response: { 200: memberSchema },
    handler: (actor, { params, body }) => service.updateMe(actor, params.id, body),
  });

  route('GET /conversations/:id/muses', {
    summary: 'Muses after or before a sequence number, each with its translation for me',
    querystring: musesQuerySchema,
    response: { 200: musesPageSchema },
    handler: (actor, { params, query }) => service.musesPage(actor, params.id, query),
  });

  route('POST /conversations/:id/muses', {
    summary: 'Send a muse; the same clientId again returns the same muse',
    body: sendMuseInputSchema,
    response: { 200: museSchema, 201: museSchema },
    config: { rateLimit: { max: sendLimit.max, timeWindow: sendLimit.windowMs } },
    handler: async (actor, { params, body }, reply) => {
      const { muse, created } = await service.send(actor, params.id, body, 'http');
      return reply.status(created ? 201 : 200).send(muse);
    },
  });

  route('GET /muses', {
    summary: 'All my muses across conversations, newest first',
    querystring: allMusesQuerySchema,
    response: { 200: musesPageSchema },
    handler: (actor, { query }) => {
      const before = query.before ? new Date(query.before) : undefined;
      return service.allMuses(actor, before && !Number.isNaN(before.getTime()) ? before : undefined, query.limit);
    },
  });

  route('GET /muses/:id', {
    summary: 'A muse with every language version made so far',
    response: { 200: museDetailSchema },
    handler: (actor, { params }) => service.museDetail(actor, params.id),
  });

  route('POST /muses/:id/translations', {
    summary: 'Translate a muse into a language of my choice',
    body: z.object({ to: languageCodeSchema }),
    response: { 200: museTranslationSchema },
    handler: (actor, { params, body }) => service.translateOnDemand(actor, params.id, body.to),
  });

  route('POST /muses/:id/flags', {
    summary: 'Flag the machine translation of a muse I can read as bad (once per member and translation)',
    description:
      'Kept with the text pair and engine for superadmins; the translation memory stops serving the ' +
      'pair until the engine translates it again. 201 for a new flag, 200 with the same flag when repeated.',
    body: flagTranslationInputSchema,
    response: { 200: translationFlagReceiptSchema, 201: translationFlagReceiptSchema },
    handler: async (actor, { params, body }, reply) => {
      const { created, ...flag } = await service.flagTranslation(actor, params.id, body.to);
      return reply.code(created ? 201 : 200).send(flag);
    },
  });

  route('PATCH /muses/:id', {
    summary: 'Edit my muse (translations are redone)',
    body: editMuseInputSchema,
    response: { 200: museSchema },
    handler: (actor, { params, body }) => service.edit(actor, params.id, body),
  });

  route('DELETE /muses/:id', {
    summary: 'Delete my muse (a tombstone stays in the sequence)',
    response: { 204: z.null() },
    handler: async (actor, { params }) => {
      await service.remove(actor, params.id);
      return null;
    },
  });
}
