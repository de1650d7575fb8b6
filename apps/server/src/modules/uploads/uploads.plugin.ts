import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { S3Config } from '../../storage-config';
import type { GuestCaller, MemberCaller } from '../../plugins/auth';
import { s3Storage } from './s3-storage';
import { localDiskStorage, localUploadsDir, type BlobStorage } from './storage';
import { createUploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService, type UploadsService } from './uploads.service';

/** A plaza guest the request carries, with their plaza's tenant (their photos are kept in it). */
export type PhotoGuestResolver = (request: FastifyRequest) => Promise<(GuestCaller & { tenantId: string }) | null>;
/** Another module's reason a member may open a photo they neither sent nor were sent (an offered thing's). */
export type PhotoReadableRule = (photoId: string, member: MemberCaller) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService & {
      /** Where photos are kept: the configured bucket (every instance's), or this instance's disk. */
      storage: BlobStorage;
      /** The interpreter says which requests are plaza guests', whose photos live in their plaza. */
      resolveGuestsWith(resolver: PhotoGuestResolver): void;
      /** A higher module adds a reason a member may read a photo (records: offered things' photos). */
      alsoReadableWhen(rule: PhotoReadableRule): void;
    };
  }
}

export interface UploadsPluginOptions {
  /** S3 when configured; photos go to `<dataDir>/uploads` otherwise. */
  s3: S3Config | undefined;
  dataDir: string;
  /** A store made elsewhere (tests). */
  storage?: BlobStorage;
  /** Photos a member uploads per day, and the factor an active subscriber's limit is. */
  dailyPhotos: { perDay: number; subscriberFactor: number };
}

async function photoStorage(app: FastifyInstance, options: UploadsPluginOptions): Promise<BlobStorage> {
  if (options.storage) return options.storage;
  if (!options.s3) return localDiskStorage(localUploadsDir(options.dataDir));
  const bucket = await s3Storage(options.s3, app.log);
  app.addHook('onClose', async () => {
    bucket.close();
  });
  return bucket;
}

/** Photos: uploads by members and plaza guests, where they are kept, and who may read them. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: UploadsPluginOptions) => {
    const storage = await photoStorage(app, options);
    let guestOf: PhotoGuestResolver | undefined;
    const readable: PhotoReadableRule[] = [];
    app.decorate('uploads', {
      ...createUploadsService(app.db),
      storage,
      resolveGuestsWith(resolver: PhotoGuestResolver) {
        guestOf = resolver;
      },
      alsoReadableWhen(rule: PhotoReadableRule) {
        readable.push(rule);
      },
    });
    await app.register(uploadsRoutes, {
      prefix: '/api',
      repo: createUploadsRepository(app.db),
      storage,
      guestOf: async (request) => (guestOf ? guestOf(request) : null),
      alsoReadable: async (photoId, member) => {
        for (const rule of readable) if (await rule(photoId, member)) return true;
        return false;
      },
      dailyPhotos: options.dailyPhotos,
    });
  },
  { name: 'uploads', dependencies: ['db', 'auth'] },
);
