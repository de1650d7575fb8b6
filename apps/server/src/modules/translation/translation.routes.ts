import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toTranslationLanguage } from '@tolk/shared/languages';
import {
  languagesResponseSchema,
  translateInputSchema,
  translateResponseSchema,
  translationFlagsPageSchema,
  translationFlagsQuerySchema,
  translationStatusSchema,
  TRANSLATE_GUEST_TEXT_MAX,
  TRANSLATE_MEMBER_TEXT_MAX,
} from '@tolk/shared/schemas/translation';
import { SERVER_MESSAGE_FORMS } from '@tolk/shared/server-messages';
import { AppError, forbidden } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';

export interface TranslationRoutesOptions {
  /** Translate requests per address per window; guests use it from the landing page. */
  translateLimit: { max: number; timeWindow: number };
}

/** The first language of Accept-Language we translate: a guest's best guess at their own. */
function acceptedLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-language'];
  if (!header) return undefined;
  return header
    .split(',')
    .map((entry) => toTranslationLanguage(entry.split(';')[0]))
    .find((code) => code !== undefined);
}

export async function translationRoutes(app: FastifyInstance, { translateLimit }: TranslationRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['translation'];

  r.post(
    '/translate',
    {
      schema: {
        tags,
        summary: 'Translate texts into one or more languages (guests too)',
        description:
          `Up to ${TRANSLATE_GUEST_TEXT_MAX} characters per text for guests and ${TRANSLATE_MEMBER_TEXT_MAX} for members. ` +
          'The source language is detected per text unless `from` is given. A translation that no engine ' +
          'can make comes back `unavailable` with a reason, never as a copy of the source.',
        body: translateInputSchema,
        response: {
          200: translateResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
      config: { auth: 'optional', rateLimit: translateLimit },
    },
    async (request) => {
      const caller = request.caller;
      const max = caller ? TRANSLATE_MEMBER_TEXT_MAX : TRANSLATE_GUEST_TEXT_MAX;
      const fields: Record<string, string[]> = {};
      request.body.texts.forEach((text, index) => {
        if (text.length > max) {
          fields[`texts.${index}`] = [
            caller
              ? `At most ${max} characters.`
              : `At most ${max} characters without an account; members may send ${TRANSLATE_MEMBER_TEXT_MAX}.`,
          ];
        }
      });
      if (Object.keys(fields).length) {
        throw new AppError('validation_failed', SERVER_MESSAGE_FORMS.textTooLong.say(max), fields);
      }
      const results = await app.translation.translate({
        texts: request.body.texts,
        to: [...new Set(request.body.to)],
        from: request.body.from,
        fallback: caller?.language ?? acceptedLanguage(request),
      });
      return { results };
    },
  );

  r.get(
    '/languages',
    {
      schema: {
        tags,
        summary: 'The interface languages, and the translation pairs available now with their engines',
        response: { 200: languagesResponseSchema },
      },
    },
    async () => app.translation.languages(),
  );

  r.get(
    '/translation/status',
    {
      schema: {
        tags,
        summary: 'Engines, their health and breakers, the translation memory (superadmins only)',
        response: { 200: translationStatusSchema, ...errorResponses(401, 403) },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      if (!callerOf(request).superAdmin) throw forbidden('Only superadmins see the translation status.');
      return app.translation.status();
    },
  );

  r.get(
    '/translation/flags',
    {
      schema: {
        tags,
        summary: 'Translations readers flagged as bad, newest first, every tenant (superadmins only)',
        querystring: translationFlagsQuerySchema,
        response: { 200: translationFlagsPageSchema, ...errorResponses(400, 401, 403) },
      },
      config: { auth: 'required' },
    },
    async (request) => app.translationFlags.page(callerOf(request), request.query),
  );
}
