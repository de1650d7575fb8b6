import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { photoSchema } from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError, notFound, unauthorized } from '../../errors';
import { photoUrls } from './photo-urls';
import { processImage } from './images';
import { readPhotoUpload } from './photo-upload';
import type { GuestCaller, MemberCaller } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { BlobStorage } from './storage';
import type { UploadsRepository } from './uploads.repository';
import { idParamsSchema } from '@tolk/shared/schemas/ids';

export interface UploadsOptions {
  repo: UploadsRepository;
  storage: BlobStorage;
  /**
   * Resolves a plaza guest from the request when there is no member session, with their plaza's
   * tenant (their photos are kept in it).
   */
  guestOf?: (request: FastifyRequest) => Promise<(GuestCaller & { tenantId: string }) | null>;
  /** Photos a member uploads per day, and the factor an active subscriber's limit is (config.limits). */
  dailyPhotos?: { perDay: number; subscriberFactor: number };
  /** Another module's reason a member may open a photo they neither sent nor were sent (an offered thing's). */
  alsoReadable?: (photoId: string, member: MemberCaller) => Promise<boolean>;
}

export async function uploadsRoutes(app: FastifyInstance, options: UploadsOptions) {
  const { repo, storage } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  async function principal(request: FastifyRequest): Promise<MemberCaller | (GuestCaller & { tenantId: string })> {
    if (request.caller) return request.caller;
    const guest = await options.guestOf?.(request);
    if (guest) return guest;
    throw unauthorized();
  }

  r.post(
    '/uploads',
    {
      schema: {
        tags,
        summary: 'Upload a photo (multipart field "file"; JPEG, PNG or WebP up to 10 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: photoSchema,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
      config: { auth: 'optional', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const who = await principal(request);
      const daily = options.dailyPhotos;
      if (daily && who.kind === 'member') {
        const max = who.activeSubscriber ? daily.perDay * daily.subscriberFactor : daily.perDay;
        if ((await repo.countSince(who.accountId, new Date(Date.now() - 24 * 60 * 60_000))) >= max) {
          throw new AppError(
            'rate_limited',
            `You have uploaded ${max} photos in the last 24 hours, the most a day${who.activeSubscriber ? '' : ' (subscribers upload more)'}: try again later.`,
          );
        }
      }
      const { data, kind } = await readPhotoUpload(request);
      let processed;
      try {
        processed = await processImage(data, kind);
      } catch {
        throw new AppError('bad_request', SERVER_MESSAGES.photoUnreadable);
      }
      const key = `photos/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
      await storage.put(`${key}.${kind}`, processed.image);
      await storage.put(`${key}.thumb.webp`, processed.thumb);
      const row = await repo.create({
        tenantId: who.tenantId,
        ownerId: who.accountId,
        conversationId: who.kind === 'guest' ? who.conversationId : null,
        mime: processed.mime,
        width: processed.width,
        height: processed.height,
        bytes: processed.image.length,
        storageKey: `${key}.${kind}`,
        thumbKey: `${key}.thumb.webp`,
      });
      return reply.status(201).send({ id: row.id, width: row.width, height: row.height, ...photoUrls(row.id) });
    },
  );

  async function serve(request: FastifyRequest, id: string, thumb: boolean) {
    const who = await principal(request);
    let upload =
      who.kind === 'member'
        ? await repo.readableByAccount(id, who.accountId)
        : await repo.readableInConversation(id, who.conversationId);
    if (!upload && who.kind === 'member' && (await options.alsoReadable?.(id, who))) upload = await repo.find(id);
    if (!upload) throw notFound('Photo');
    const data = await storage.get(thumb ? upload.thumbKey : upload.storageKey);
    if (!data) throw notFound('Photo');
    return { data, mime: thumb ? 'image/webp' : upload.mime };
  }

  for (const thumb of [false, true]) {
    r.get(
      thumb ? '/uploads/:id/thumb' : '/uploads/:id',
      {
        schema: { tags, summary: thumb ? 'A photo thumbnail' : 'A photo', params: idParamsSchema, hide: false },
        config: { auth: 'optional' },
      },
      async (request, reply) => {
        const { data, mime } = await serve(request, request.params.id, thumb);
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );
  }
}
