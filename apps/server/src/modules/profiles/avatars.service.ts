import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AVATAR_EDGE } from '@tolk/shared/avatars';
import type { Profile } from '@tolk/shared/schemas/profile';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { MemberCaller } from '../../plugins/auth';
import { processAvatar, type ImageKind } from '../uploads';
import type { BlobStorage } from '../uploads';
import { createUploadsService, type NewUpload } from '../uploads';
import { createProfilesRepository } from './profiles.repository';

/** The storage keys of an avatar that was replaced or removed, for its files to go too. */
interface AvatarFiles {
  storageKey: string;
  thumbKey: string;
}

export interface AvatarsServiceDeps {
  db: Database;
  storage: BlobStorage;
  log: FastifyBaseLogger;
}

/** A member's profile photo: one square picture, replaced or removed by its member only. */
export function createAvatarsService({ db, storage, log }: AvatarsServiceDeps) {
  const profiles = createProfilesRepository(db);

  /**
   * Points the account's profile at a new upload (or at nothing) and forgets the upload it pointed
   * at before, both under the profile's row lock so two changes at once cannot leave an orphan.
   * The upload rows are the uploads module's: written through its service, in this transaction.
   */
  async function swapAvatar(accountId: string, next: NewUpload | null): Promise<AvatarFiles | undefined> {
    return db.transaction(async (tx) => {
      const profilesIn = createProfilesRepository(tx);
      const uploads = createUploadsService(tx);
      const current = await profilesIn.lockAvatar(accountId);
      if (!current) return undefined;
      const avatarId = next ? await uploads.add(next) : null;
      await profilesIn.setAvatar(accountId, avatarId);
      return current.avatarId ? uploads.removeOwned(current.avatarId, accountId) : undefined;
    });
  }

  /** Files of a replaced avatar go after the database forgot them; a failure only leaves bytes behind. */
  async function deleteFiles(files: AvatarFiles | undefined) {
    if (!files) return;
    for (const key of [files.storageKey, files.thumbKey]) {
      await storage.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, 'could not delete a replaced avatar file');
      });
    }
  }

  async function profileOf(caller: MemberCaller): Promise<Profile> {
    return (await profiles.find(caller.accountId)) ?? Promise.reject(notFound('Profile'));
  }

  return {
    async replace(caller: MemberCaller, photo: { data: Buffer; kind: ImageKind }): Promise<Profile> {
      let avatar;
      try {
        avatar = await processAvatar(photo.data);
      } catch {
        throw new AppError('bad_request', SERVER_MESSAGES.photoUnreadable);
      }
      const key = `avatars/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
      const files = { storageKey: `${key}.webp`, thumbKey: `${key}.small.webp` };
      await storage.put(files.storageKey, avatar.image);
      await storage.put(files.thumbKey, avatar.small);
      let replaced;
      try {
        replaced = await swapAvatar(caller.accountId, {
          tenantId: caller.tenantId,
          ownerId: caller.accountId,
          conversationId: null,
          mime: 'image/webp',
          width: AVATAR_EDGE,
          height: AVATAR_EDGE,
          bytes: avatar.image.length,
          ...files,
        });
      } catch (error) {
        await deleteFiles(files);
        throw error;
      }
      await deleteFiles(replaced);
      return profileOf(caller);
    },

    async remove(caller: MemberCaller): Promise<Profile> {
      await deleteFiles(await swapAvatar(caller.accountId, null));
      return profileOf(caller);
    },

    /** The picture, for a signed-in member of its owner's tenant; 404 for anyone else, as for no picture. */
    async read(caller: MemberCaller, avatarId: string, small: boolean): Promise<Buffer> {
      const files = await profiles.findAvatar(avatarId, caller);
      const data = files && (await storage.get(small ? files.thumbKey : files.storageKey));
      if (!data) throw notFound('Photo');
      return data;
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
