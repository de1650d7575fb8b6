import type { Database } from '../../db/client';
import { createUploadsRepository } from './uploads.repository';

/** Photos as other modules ask about them; the SQL stays in this module's repository. */
export function createUploadsService(db: Database) {
  const uploads = createUploadsRepository(db);
  return {
    /** Whether this sender may put this photo into this conversation (their own upload). */
    sendable: (photoId: string, sender: { accountId: string | null; conversationId: string }) =>
      uploads.sendable(photoId, sender),
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
