import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { profileSchema } from '@tolk/shared/schemas/profile';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { readPhotoUpload } from '../uploads';
import type { BlobStorage } from '../uploads';
import { createAvatarsService } from './avatars.service';

export interface AvatarsRoutesOptions {
  storage: BlobStorage;
}

/**
 * Profile photos. Anyone signed in to the owner's tenant may see one (they appear wherever the
 * person does: chats, member lists, later discovery); plaza guests and other tenants may not, and
 * an id of another tenant's avatar answers 404 like an unknown one. Each new photo gets a new id,
 * so a URL's picture never changes and browsers keep it.
 */
export async function avatarsRoutes(app: FastifyInstance, { storage }: AvatarsRoutesOptions) {
  const avatars = createAvatarsService({ db: app.db, storage, log: app.log });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  r.put(
    '/profile/avatar',
    {
      schema: {
        tags,
        summary: 'Set my profile photo (multipart field "file"; JPEG, PNG or WebP up to 10 MB; kept as a square)',
        consumes: ['multipart/form-data'],
        response: {
          200: profileSchema,
          ...errorResponses(400, 401, 413, 415),
        },
      },
      config: { auth: 'required', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => avatars.replace(callerOf(request), await readPhotoUpload(request)),
  );

  r.delete(
    '/profile/avatar',
    {
      schema: {
        tags,
        summary: 'Remove my profile photo',
        response: { 200: profileSchema, ...errorResponses(401) },
      },
      config: { auth: 'required' },
    },
    async (request) => avatars.remove(callerOf(request)),
  );

  for (const small of [false, true]) {
    r.get(
      small ? '/avatars/:id/small' : '/avatars/:id',
      {
        schema: {
          tags,
          summary: small ? 'A profile photo, 64 px' : 'A profile photo, 256 px',
          params: idParamsSchema,
        },
        config: { auth: 'required' },
      },
      async (request, reply) => {
        const data = await avatars.read(callerOf(request), request.params.id, small);
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'private, max-age=604800, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );
  }
}
