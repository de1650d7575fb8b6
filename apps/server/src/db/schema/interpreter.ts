// Tables of module interpreter: only its files write them; others ask its service (scripts/check-tables.mjs).
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownedRecordColumns } from './columns';
import { conversations } from './conversations';
import { createdAt } from './times';

/** A member's saved language pairs for the interpreter (guests keep theirs in the browser). */
export const interpreterProfiles = pgTable(
  'interpreter_profiles',
  {
    ...ownedRecordColumns(),
    name: text('name').notNull(),
    userLanguage: text('user_language').notNull(),
    audienceLanguage: text('audience_language').notNull(),
    voice: jsonb('voice').$type<{ enabled: boolean; rate: number }>().notNull(),
    /** The plaza this pair last opened: "Open" goes back to it while it lives. */
    lastPlazaId: uuid('last_plaza_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('interpreter_profiles_owner_idx').on(t.tenantId, t.ownerId)],
);
