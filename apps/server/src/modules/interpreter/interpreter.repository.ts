import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversationMembers, conversations, muses } from '../../db/schema/conversations';
import { interpreterProfiles } from '../../db/schema/interpreter';
import { uploads } from '../../db/schema/uploads';

export interface ProfileScope {
  tenantId: string;
  ownerId: string;
}

export function createInterpreterRepository(db: Database) {
  const mine = (scope: ProfileScope, id?: string) =>
    and(
      eq(interpreterProfiles.tenantId, scope.tenantId),
      eq(interpreterProfiles.ownerId, scope.ownerId),
      id ? eq(interpreterProfiles.id, id) : undefined,
    );
  return {
    listProfiles(scope: ProfileScope) {
      return db.select().from(interpreterProfiles).where(mine(scope)).orderBy(asc(interpreterProfiles.createdAt));
    },
    async createProfile(
      scope: ProfileScope,
      input: Omit<typeof interpreterProfiles.$inferInsert, 'tenantId' | 'ownerId'>,
    ) {
      const [row] = await db
        .insert(interpreterProfiles)
        .values({ ...input, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning();
      if (!row) throw new Error('profile insert returned nothing');
      return row;
    },
    async updateProfile(scope: ProfileScope, id: string, patch: Partial<typeof interpreterProfiles.$inferInsert>) {
      const [row] = await db.update(interpreterProfiles).set(patch).where(mine(scope, id)).returning();
      return row;
    },
    async deleteProfile(scope: ProfileScope, id: string) {
      const rows = await db
        .delete(interpreterProfiles)
        .where(mine(scope, id))
        .returning({ id: interpreterProfiles.id });
      return rows.length > 0;
    },

    async profile(scope: ProfileScope, id: string) {
      const [row] = await db.select().from(interpreterProfiles).where(mine(scope, id));
      return row;
    },

    /** Sets the audience's language of a plaza that had none; undefined when it has one already. */
    async learnAudienceLanguage(conversationId: string, patch: { audienceLanguage: string; title: string }) {
      const [row] = await db
        .update(conversations)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(conversations.id, conversationId), isNull(conversations.audienceLanguage)))
        .returning();
      return row;
    },

    async setLanguages(
      conversationId: string,
      patch: { userLanguage: string; audienceLanguage: string | null; title: string },
      options: { swapMuses?: boolean } = {},
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(conversations.id, conversationId))
          .returning();
        if (!row) throw new Error('plaza vanished');
        // Muses without a side were written by the host, who is the user side.
        if (options.swapMuses) {
          await tx
            .update(muses)
            .set({ side: sql`case when ${muses.side} = 'audience' then 'user' else 'audience' end` })
            .where(eq(muses.conversationId, conversationId));
        }
        return row;
      });
    },

    async plazaByCode(code: string) {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.joinCode, code), eq(conversations.kind, 'plaza')));
      return row;
    },
    async setInvite(conversationId: string, code: string, expiresAt: Date) {
      await db
        .update(conversations)
        .set({ joinCode: code, joinExpiresAt: expiresAt, joinEndedAt: null })
        .where(eq(conversations.id, conversationId));
    },
    async endInvite(conversationId: string) {
      await db.update(conversations).set({ joinEndedAt: new Date() }).where(eq(conversations.id, conversationId));
      // Guests who joined by the code leave with it; members who joined keep the plaza in their history.
      await db
        .update(conversationMembers)
        .set({ leftAt: new Date() })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.side, 'audience'),
            isNull(conversationMembers.accountId),
            isNull(conversationMembers.leftAt),
          ),
        );
    },
    async addPlazaMember(input: {
      conversationId: string;
      accountId: string | null;
      guestName: string | null;
      side: 'user' | 'audience';
      readingLanguage: string;
    }) {
      const [row] = await db
        .insert(conversationMembers)
        .values({ ...input, role: 'member' })
        .onConflictDoUpdate({
          target: [conversationMembers.conversationId, conversationMembers.accountId],
          targetWhere: sql`${conversationMembers.accountId} is not null`,
          set: { leftAt: null, readingLanguage: input.readingLanguage },
        })
        .returning();
      if (!row) throw new Error('member insert returned nothing');
      return row;
    },

    /** Guests' plazas past their time, with the photo files to remove. */
    async expiredPlazas(now: Date) {
      return db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(eq(conversations.kind, 'plaza'), isNotNull(conversations.expiresAt), lt(conversations.expiresAt, now)),
        )
        .limit(500);
    },
    async uploadsOf(conversationId: string) {
      return db
        .select({ id: uploads.id, storageKey: uploads.storageKey, thumbKey: uploads.thumbKey })
        .from(uploads)
        .where(eq(uploads.conversationId, conversationId));
    },
    async deleteUploads(ids: string[]) {
      for (const id of ids) await db.delete(uploads).where(eq(uploads.id, id));
    },
  };
}

export type InterpreterRepository = ReturnType<typeof createInterpreterRepository>;
