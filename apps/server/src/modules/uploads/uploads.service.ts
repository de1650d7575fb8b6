import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Database } from '../../db/client';
import { photoUrls } from './photo-urls';
import { createUploadsRepository, type NewUpload } from './uploads.repository';
import type { BlobStorage } from './storage';

export type { NewUpload } from './uploads.repository';

/**
 * Photos as other modules ask about them; the SQL stays in this module's repository. Made with a
 * transaction, its writes are part of it (a profile's avatar swap).
 */
export function createUploadsService(db: Database) {
  const uploads = createUploadsRepository(db);
  return {
    /** Whether this sender may put this photo into this conversation (their own upload). */
    sendable: (photoId: string, sender: { accountId: string | null; conversationId: string }) =>
      uploads.sendable(photoId, sender),
    /**
     * The photos a member may attach to a record of theirs (their own uploads in their tenant),
     * in the order asked, with their addresses; ids that are not theirs are left out.
     */
    async ownedPhotos(scope: { tenantId: string; accountId: string }, ids: readonly string[]): Promise<Photo[]> {
      const rows = await uploads.owned(scope, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ id, width: row.width, height: row.height, ...photoUrls(id) }] : [];
      });
    },
    /** Stores the row of a photo whose files are stored; answers its id. */
    add: async (upload: NewUpload): Promise<string> => (await uploads.create(upload)).id,
    /**
     * Forgets a photo of this account (a replaced avatar); answers its files' keys, for the caller
     * to delete once its transaction committed, or undefined when it was not theirs.
     */
    removeOwned: (id: string, ownerId: string) => uploads.deleteOwned(id, ownerId),
    /**
     * Removes a conversation's photos, files and rows (its plaza expired). Files first: a store
     * that is down leaves both for the next sweep, never files that no row names any more.
     */
    async removeConversationPhotos(conversationId: string, storage: BlobStorage) {
      const files = await uploads.ofConversation(conversationId);
      for (const file of files) {
        await storage.delete(file.storageKey);
        await storage.delete(file.thumbKey);
      }
      await uploads.deleteMany(files.map((file) => file.id));
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
