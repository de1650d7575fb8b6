import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversationMembers, conversations, muses } from '../../db/schema/conversations';

/**
 * The plaza side of the conversation tables: languages, join codes, guests joining, expiry. The
 * interpreter reaches it through the conversations service (plazaRows), never directly.
 */
export function createPlazasRepository(db: Database) {
  return {
    /** Sets the audience's language of a plaza that had none; undefined when it has one already. */
    learnAudienceLanguage: async (conversationId: string, patch: { audienceLanguage: string; title: string }) => {
      const [row] = await db
        .update(conversations)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(conversations.id, conversationId), isNull(conversations.audienceLanguage)))
        .returning();
      return row;
    },

    setLanguages: async (
      conversationId: string,
      patch: { userLanguage: string; audienceLanguage: string | null; title: string },
      options: { swapMuses?: boolean } = {},
    ) => {
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

    plazaByCode: async (code: string) => {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.joinCode, code), eq(conversations.kind, 'plaza')));
      return row;
    },
    setInvite: async (conversationId: string, code: string, expiresAt: Date) => {
      await db
        .update(conversations)
        .set({ joinCode: code, joinExpiresAt: expiresAt, joinEndedAt: null })
        .where(eq(conversations.id, conversationId));
    },
    endInvite: async (conversationId: string) => {
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
    addPlazaMember: async (input: {
      conversationId: string;
      accountId: string | null;
      guestName: string | null;
      side: 'user' | 'audience';
      readingLanguage: string;
    }) => {
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

    /** Guests' plazas past their time. */
    expiredPlazas: async (now: Date) => {
      return db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(eq(conversations.kind, 'plaza'), isNotNull(conversations.expiresAt), lt(conversations.expiresAt, now)),
        )
        .limit(500);
    },
  };
}

export type PlazasRepository = ReturnType<typeof createPlazasRepository>;
