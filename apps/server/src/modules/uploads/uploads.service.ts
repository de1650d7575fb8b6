import type { Database } from '../../db/client';
import { createUploadsRepository } from './uploads.repository';
import type { BlobStorage } from './storage';

/** Photos as other modules ask about them; the SQL stays in this module's repository. */
export function createUploadsService(db: Database) {
  const uploads = createUploadsRepository(db);
  return {
    /** Whether this sender may put this photo into this conversation (their own upload). */
    sendable: (photoId: string, sender: { accountId: string | null; conversationId: string }) =>
      uploads.sendable(photoId, sender),
    /** Removes a conversation's photos, rows and files (its plaza expired). */
    async removeConversationPhotos(conversationId: string, storage: BlobStorage) {
      const files = await uploads.ofConversation(conversationId);
      await uploads.deleteMany(files.map((file) => file.id));
      for (const file of files) {
        await storage.delete(file.storageKey);
        await storage.delete(file.thumbKey);
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
