import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  hideReferenceInputSchema,
  referenceInputSchema,
  referenceOccasionsSchema,
  referenceReplyInputSchema,
  referencesPageSchema,
  referencesQuerySchema,
  thingRatingsQuerySchema,
  thingRatingsSchema,
} from '@tolk/shared/schemas/references';
import { routes } from '../../http/routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { ReferencesService } from './references.service';
import type { ReferencesAdmin } from './references-admin';

/** References: what I may write, writing one, reading them, replying; superadmins hide one. */
export async function referencesRoutes(
  app: FastifyInstance,
  { service, admin }: { service: ReferencesService; admin: ReferencesAdmin },
) {
  const route = routes(app, {
    tags: ['references'],
    errors: errorResponses(400, 401),
    actor: (request) => callerOf(request),
  });

  route('GET /references/occasions', {
    summary: 'What I met or traded with others that I may write a reference about now, written or not',
    response: { 200: referenceOccasionsSchema },
    handler: (me) => service.occasions(me),
  });

  route('POST /references', {
    summary: 'Write my reference about a member, for one thing we did together',
    body: referenceInputSchema,
    response: { 201: z.object({ id: z.uuid() }), ...errorResponses(404, 409) },
    handler: (me, { body }) => service.write(me, body),
  });

  route('GET /references', {
    summary: 'Shown references about a member (subjectId) or reviews of an offered thing (thingId), newest first',
    querystring: referencesQuerySchema,
    response: { 200: referencesPageSchema, ...errorResponses(404) },
    handler: (me, { query }) => service.list(me, query),
  });

  route('GET /references/ratings', {
    summary: "Buyers' ratings of each thing a member sold that has any (for their offers, in one request)",
    querystring: thingRatingsQuerySchema,
    response: { 200: thingRatingsSchema, ...errorResponses(404) },
    handler: (me, { query }) => service.thingRatings(me, query.ownerId),
  });

  route('POST /references/:id/reply', {
    summary: 'Reply once, publicly, to a shown reference about me',
    body: referenceReplyInputSchema,
    response: { 204: z.null(), ...errorResponses(404) },
    handler: (me, { params, body }) => service.reply(me, params.id, body.text),
  });

  route('PUT /admin/references/:id/hidden', {
    summary: 'Hide a reference from everyone (superadmins), the reason kept in the audit log',
    body: hideReferenceInputSchema,
    response: { 204: z.null(), ...errorResponses(403, 404) },
    handler: (me, { params, body }) => admin.hide(me, params.id, body.reason),
  });
}
