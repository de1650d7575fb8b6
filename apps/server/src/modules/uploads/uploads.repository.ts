import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversationMembers, muses } from '../../db/schema/conversations';
import { uploads } from '../../db/schema/uploads';

export type NewUpload = typeof uploads.$inferInsert;

export function createUploadsRepository(db: Database) {
  return {
    /** A conversation's photos with their files, to remove with it. */
    ofConversation(conversationId: string) {
      return db
        .select({ id: uploads.id, storageKey: uploads.storageKey, thumbKey: uploads.thumbKey })
        .from(uploads)
        .where(eq(uploads.conversationId, conversationId));
    },
    /** Of these photos, those this account uploaded in this tenant. */
    owned(scope: { tenantId: string; accountId: string }, ids: readonly string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select({ id: uploads.id, width: uploads.width, height: uploads.height })
        .from(uploads)
        .where(
          and(
            inArray(uploads.id, [...ids]),
            eq(uploads.tenantId, scope.tenantId),
            eq(uploads.ownerId, scope.accountId),
          ),
        );
    },
    async deleteMany(ids: string[]) {
      if (ids.length) await db.delete(uploads).where(inArray(uploads.id, ids));
    },
    /** Deletes the upload when this account made it; answers its files' keys. */
    async deleteOwned(id: string, ownerId: string): Promise<{ storageKey: string; thumbKey: string } | undefined> {
      const [row] = await db
        .delete(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
        .returning({ storageKey: uploads.storageKey, thumbKey: uploads.thumbKey });
      return row;
    },
    /** Photos a member uploaded since `since` (their daily limit). */
    async countSince(ownerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(uploads)
        .where(and(eq(uploads.ownerId, ownerId), gte(uploads.createdAt, since)));
      return row?.n ?? 0;
    },

    async create(input: NewUpload) {
      const [row] = await db.insert(uploads).values(input).returning();
      if (!row) throw new Error('upload insert returned nothing');
      return row;
    },

    /**
     * Whether a photo may go into a conversation with a muse from this sender: a member's own
     * upload, or a plaza guest's upload into that plaza. Anything else would hand someone else's
     * photo to the conversation.
     */
    async sendable(id: string, sender: { accountId: string | null; conversationId: string }) {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.id, id),
            sender.accountId !== null
              ? eq(uploads.ownerId, sender.accountId)
              : and(isNull(uploads.ownerId), eq(uploads.conversationId, sender.conversationId)),
          ),
        );
      return row !== undefined;
    },

    async find(id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    /** A photo is readable by its uploader and by current members of a conversation it was sent in. */
    async readableByAccount(id: string, accountId: string) {
      const upload = await this.find(id);
      if (!upload) return undefined;
      if (upload.ownerId === accountId) return upload;
      const [shared] = await db
        .select({ id: muses.id })
        .from(muses)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.conversationId, muses.conversationId),
            eq(conversationMembers.accountId, accountId),
            isNull(conversationMembers.leftAt),
          ),
        )
        .where(and(eq(muses.photoId, id), isNull(muses.deletedAt)))
        .limit(1);
      return shared ? upload : undefined;
    },

    /** For plaza guests: the photo belongs to their plaza. */
    async readableInConversation(id: string, conversationId: string) {
      const upload = await this.find(id);
      if (!upload) return undefined;
      if (upload.conversationId === conversationId) return upload;
      const [shared] = await db
        .select({ id: muses.id })
        .from(muses)
        .where(and(eq(muses.photoId, id), eq(muses.conversationId, conversationId), isNull(muses.deletedAt)))
        .limit(1);
      return shared ? upload : undefined;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
