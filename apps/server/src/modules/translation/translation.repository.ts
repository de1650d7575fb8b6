import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { conversationMembers } from '../../db/schema/conversations';
import { translationMemory } from '../../db/schema/translation';

export interface RememberedTranslation {
  targetLanguage: string;
  sourceHash: string;
  translatedText: string;
}

/** The SQL half of the translation memory (translation-memory.ts holds the in-process half). */
export interface TranslationStore {
  find(engine: string, sourceLanguage: string, targets: string[], hashes: string[]): Promise<RememberedTranslation[]>;
  save(engine: string, sourceLanguage: string, rows: RememberedTranslation[]): Promise<void>;
  /**
   * Marks one remembered translation flagged (no longer found, replaced by the next save); the
   * text it held, or undefined when there was none.
   */
  flag(engine: string, sourceLanguage: string, targetLanguage: string, hash: string): Promise<string | undefined>;
}

/** The memory of one engine's translations out of one language. */
const fromEngine = (engine: string, sourceLanguage: string) =>
  and(eq(translationMemory.engine, engine), eq(translationMemory.sourceLanguage, sourceLanguage));

export function createTranslationRepository(db: Database): TranslationStore {
  return {
    async find(engine, sourceLanguage, targets, hashes) {
      if (!targets.length || !hashes.length) return [];
      return db
        .select({
          targetLanguage: translationMemory.targetLanguage,
          sourceHash: translationMemory.sourceHash,
          translatedText: translationMemory.translatedText,
        })
        .from(translationMemory)
        .where(
          and(
            fromEngine(engine, sourceLanguage),
            inArray(translationMemory.targetLanguage, targets),
            inArray(translationMemory.sourceHash, hashes),
            isNull(translationMemory.flaggedAt),
          ),
        );
    },

    async save(engine, sourceLanguage, rows) {
      if (!rows.length) return;
      // Two instances translating the same text at once both save it; the first row stands,
      // unless it was flagged: then the fresh translation replaces it.
      await db
        .insert(translationMemory)
        .values(rows.map((row) => ({ ...row, engine, sourceLanguage })))
        .onConflictDoUpdate({
          target: [
            translationMemory.engine,
            translationMemory.sourceLanguage,
            translationMemory.targetLanguage,
            translationMemory.sourceHash,
          ],
          set: { translatedText: sql`excluded.translated_text`, createdAt: sql`now()`, flaggedAt: null },
          setWhere: isNotNull(translationMemory.flaggedAt),
        });
    },

    async flag(engine, sourceLanguage, targetLanguage, hash) {
      const [row] = await db
        .update(translationMemory)
        .set({ flaggedAt: sql`now()` })
        .where(
          and(
            fromEngine(engine, sourceLanguage),
            eq(translationMemory.targetLanguage, targetLanguage),
            eq(translationMemory.sourceHash, hash),
          ),
        )
        .returning({ translatedText: translationMemory.translatedText });
      return row?.translatedText;
    },
  };
}

/** The languages members write and read in: what translation will be asked for. */
export async function languagesInUse(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: accounts.language })
    .from(accounts)
    .union(
      db
        .selectDistinct({ language: conversationMembers.readingLanguage })
        .from(conversationMembers)
        .where(isNull(conversationMembers.leftAt)),
    );
  return rows.map((row) => row.language);
}
