// Tables of module translation: only its files write them; others ask its service (scripts/check-tables.mjs).
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tenants } from './tenants';
import { createdAt, timestamptz } from './times';

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
    createdAt: createdAt(),
    /**
     * A reader flagged this translation as bad: it is not served again, and the next translation
     * of the text goes to the engine and replaces it (clearing the mark).
     */
    flaggedAt: timestamptz('flagged_at'),
  },
  // Named: the generated name would pass PostgreSQL's 63-character limit and be cut.
  (t) => [
    primaryKey({
      name: 'translation_memory_pk',
      columns: [t.engine, t.sourceLanguage, t.targetLanguage, t.sourceHash],
    }),
  ],
);

/**
 * A reader's word that a machine translation is bad: the text pair as they read it, its engine
 * and languages, who flagged it and in which tenant. Superadmins read them; one member flags one
 * pair once (the same translation seen in two muses is one flag).
 */
export const translationFlags = pgTable(
  'translation_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The muse it was read in; kept as a bare id so the flag outlives the muse. */
    museId: uuid('muse_id'),
    engine: text('engine').notNull(),
    /** The language the engine went through, when it had no direct pair. */
    pivot: text('pivot'),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    sourceText: text('source_text').notNull(),
    targetText: text('target_text').notNull(),
    /** hashText() of the normalised source, as the translation memory keys it. */
    sourceHash: text('source_hash').notNull(),
    /** SHA-256 of the target text: with the source hash, which pair this is. */
    targetHash: text('target_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('translation_flags_pair_key').on(
      t.accountId,
      t.engine,
      t.sourceLanguage,
      t.targetLanguage,
      t.sourceHash,
      t.targetHash,
    ),
    index('translation_flags_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('translation_flags_tenant_idx').on(t.tenantId),
  ],
);
