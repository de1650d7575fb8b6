import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Translation memory: one engine's translation of one normalised text from one language into
 * another, so the same text is never sent to an engine twice. The source text itself is not
 * kept, only its SHA-256 (of the NFC, trimmed, whitespace-collapsed text).
 */
export const translationMemory = pgTable(
  'translation_memory',
  {
    engine: text('engine').notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    sourceHash: text('source_hash').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Named: the generated name would pass PostgreSQL's 63-character limit and be cut.
  (t) => [
    primaryKey({
      name: 'translation_memory_pk',
      columns: [t.engine, t.sourceLanguage, t.targetLanguage, t.sourceHash],
    }),
  ],
);
