// Tables of module speech: only its files write them; others ask its service (scripts/check-tables.mjs).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ownedRecordColumns } from './columns';
import { createdAt } from './times';

/**
 * A member's recording in the storage backend: a voice muse's audio once sent (muses.voice_id
 * names it), its uploader's alone until then. Who may play it follows its muse.
 */
export const voiceClips = pgTable(
  'voice_clips',
  {
    ...ownedRecordColumns(),
    /** The media type without parameters (audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav). */
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What the speech-to-text engine heard; null without an engine or when it failed. */
    transcript: text('transcript'),
    /** The language the engine was told to expect: the sender's. */
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('voice_clips_owner_idx').on(t.ownerId, t.createdAt)],
);
