import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversationMembers, muses } from '../../db/schema/conversations';
import { voiceClips } from '../../db/schema/speech';

export type NewVoiceClip = typeof voiceClips.$inferInsert;

/** Recordings: stored, sent once in a muse, played by the members of its conversation. */
export function createVoiceRepository(db: Database) {
  return {
    async create(clip: NewVoiceClip) {
      const [row] = await db.insert(voiceClips).values(clip).returning();
      return row!;
    },

    /** The sender's own recording in their tenant that no muse carries yet: its length, else undefined. */
    async sendable(id: string, owner: { accountId: string; tenantId: string }) {
      const [row] = await db
        .select({ durationMs: voiceClips.durationMs })
        .from(voiceClips)
        .where(
          and(
            eq(voiceClips.id, id),
            eq(voiceClips.ownerId, owner.accountId),
            eq(voiceClips.tenantId, owner.tenantId),
            sql`not exists (select 1 from ${muses} where ${muses.voiceId} = ${voiceClips.id})`,
          ),
        );
      return row;
    },

    /**
     * A recording this member may play: their own not yet sent, or one in a muse (not deleted) of
     * a conversation they are a live member of, in their tenant.
     */
    async playable(id: string, member: { accountId: string; tenantId: string }) {
      const [row] = await db
        .select({ mime: voiceClips.mime, storageKey: voiceClips.storageKey, bytes: voiceClips.bytes })
        .from(voiceClips)
        .where(
          and(
            eq(voiceClips.id, id),
            eq(voiceClips.tenantId, member.tenantId),
            sql`(
              exists (
                select 1 from ${muses} m
                join ${conversationMembers} cm on cm.conversation_id = m.conversation_id
                  and cm.account_id = ${member.accountId} and cm.left_at is null
                where m.voice_id = ${voiceClips.id} and m.deleted_at is null
              )
              or (${voiceClips.ownerId} = ${member.accountId}
                and not exists (select 1 from ${muses} m where m.voice_id = ${voiceClips.id}))
            )`,
          ),
        );
      return row;
    },

    /** Forgets a recording; answers where its bytes were, for the caller to delete. */
    async remove(id: string) {
      const [row] = await db
        .delete(voiceClips)
        .where(eq(voiceClips.id, id))
        .returning({ storageKey: voiceClips.storageKey });
      return row?.storageKey;
    },

    /** Recordings stored but never sent, older than `before` (swept with their files). */
    async unsentBefore(before: Date) {
      return db
        .select({ id: voiceClips.id, storageKey: voiceClips.storageKey })
        .from(voiceClips)
        .where(
          and(
            sql`${voiceClips.createdAt} < ${before.toISOString()}::timestamptz`,
            sql`not exists (select 1 from ${muses} where ${muses.voiceId} = ${voiceClips.id})`,
          ),
        )
        .limit(100);
    },
  };
}
export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
