// Tables of module muses: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tenantRowColumns } from './tenants';
import { uploads } from './uploads';
import { voiceClips } from './speech';
import { createdAt, timestamps, timestamptz } from './times';

/** direct (two members), group (owner manages members) or plaza (the interpreter's conversation). */
export const conversations = pgTable(
  'conversations',
  {
    ...tenantRowColumns(),
    kind: text('kind', { enum: ['direct', 'group', 'plaza'] }).notNull(),
    title: text('title').notNull().default(''),
    ownerId: uuid('owner_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Both account ids, sorted: one direct conversation per pair of members. */
    directKey: text('direct_key'),
    /** Plazas: the two languages of the conversation ("me" and "my audience"). */
    userLanguage: text('user_language'),
    audienceLanguage: text('audience_language'),
    /** Plazas: the code another device joins with, while it is valid. */
    joinCode: text('join_code'),
    joinExpiresAt: timestamptz('join_expires_at'),
    /** The host ended the code; kept so a late joiner hears "ended", not "wrong code". */
    joinEndedAt: timestamptz('join_ended_at'),
    /** Guests' plazas and everything in them go at this time; members' plazas are kept (null). */
    expiresAt: timestamptz('expires_at'),
    /** The last muse sequence handed out; bumped under a row lock so sequences are gapless. */
    lastSeq: integer('last_seq').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('conversations_direct_key')
      .on(t.directKey)
      .where(sql`${t.directKey} is not null`),
    uniqueIndex('conversations_join_code_key')
      .on(t.joinCode)
      .where(sql`${t.joinCode} is not null`),
    index('conversations_expires_idx').on(t.expiresAt),
    index('conversations_tenant_idx').on(t.tenantId),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null for a plaza guest, who has no account. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('member'),
    /** Plaza guests name themselves; members' names come from their account. */
    guestName: text('guest_name'),
    /** Plaza side: "user" or "audience". */
    side: text('side'),
    readingLanguage: text('reading_language').notNull(),
    readsWithout: jsonb('reads_without').$type<string[]>().notNull().default([]),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    leftAt: timestamptz('left_at'),
  },
  (t) => [
    uniqueIndex('conversation_members_account_key')
      .on(t.conversationId, t.accountId)
      .where(sql`${t.accountId} is not null`),
    index('conversation_members_account_idx').on(t.accountId),
  ],
);

export const muses = pgTable(
  'muses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderMemberId: uuid('sender_member_id')
      .notNull()
      .references(() => conversationMembers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** Plazas: which side wrote it; on one device the host writes for both. */
    side: text('side'),
    text: text('text').notNull(),
    /** The language the muse is in: the sender's override, else the detected one. */
    sourceLanguage: text('source_language').notNull(),
    detectedLanguage: text('detected_language'),
    transliteration: text('transliteration'),
    photoId: uuid('photo_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** A voice muse's recording (removed with the muse); its length is kept here for every reader's view. */
    voiceId: uuid('voice_id').references(() => voiceClips.id, { onDelete: 'set null' }),
    voiceDurationMs: integer('voice_duration_ms'),
    createdAt: createdAt(),
    editedAt: timestamptz('edited_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('muses_conversation_seq_key').on(t.conversationId, t.seq),
    // Resending with the same client id returns the first muse: exactly once on screen.
    uniqueIndex('muses_client_key').on(t.conversationId, t.senderMemberId, t.clientId),
    index('muses_created_idx').on(t.createdAt),
    // A recording is sent once, in one muse.
    uniqueIndex('muses_voice_key').on(t.voiceId),
  ],
);

export const museTranslations = pgTable(
  'muse_translations',
  {
    museId: uuid('muse_id')
      .notNull()
      .references(() => muses.id, { onDelete: 'cascade' }),
    targetLanguage: text('target_language').notNull(),
    text: text('text'),
    transliteration: text('transliteration'),
    engine: text('engine'),
    pivot: text('pivot'),
    /** Hash of the source text this was made from: an edit changes it and marks the row stale. */
    sourceHash: text('source_hash').notNull(),
    state: text('state', { enum: ['ready', 'pending', 'unavailable'] }).notNull(),
    reason: text('reason'),
    stale: boolean('stale').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.museId, t.targetLanguage] })],
);
