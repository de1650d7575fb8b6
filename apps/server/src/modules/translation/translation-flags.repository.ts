import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accounts } from '../../db/schema/accounts';
import { tenants } from '../../db/schema/tenants';
import { translationFlags } from '../../db/schema/translation';

export type NewTranslationFlag = Omit<typeof translationFlags.$inferInsert, 'id' | 'createdAt'>;

/** What makes a flag one member's of one pair: translation_flags_pair_key, in the member's tenant. */
const FLAG_KEY = [
  'tenantId',
  'accountId',
  'engine',
  'sourceLanguage',
  'targetLanguage',
  'sourceHash',
  'targetHash',
] as const;

/** Readers' flags of bad machine translations: members add them, superadmins read them. */
export function createTranslationFlagsRepository(db: Database) {
  return {
    /** The member's flag of this pair: the one just made, or the one they made before. */
    async create(values: NewTranslationFlag): Promise<{ id: string; createdAt: Date; created: boolean }> {
      const [made] = await db
        .insert(translationFlags)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: translationFlags.id, createdAt: translationFlags.createdAt });
      if (made) return { ...made, created: true };
      const [kept] = await db
        .select({ id: translationFlags.id, createdAt: translationFlags.createdAt })
        .from(translationFlags)
        .where(and(...FLAG_KEY.map((column) => eq(translationFlags[column], values[column]))));
      if (!kept) throw new Error('a translation flag neither inserted nor found');
      return { ...kept, created: false };
    },

    /** Every tenant's flags, newest first, a keyset page at a time (superadmins: the service checks). */
    async page(query: { cursor?: string | undefined; limit: number }) {
      const keys = keyset({
        tag: 'translation-flags',
        key: translationFlags.createdAt.getSQL(),
        keyType: 'timestamp',
        id: translationFlags.id,
        idType: 'uuid',
        ascending: false,
        cursor: query.cursor,
        limit: query.limit,
      });
      const rows = await db
        .select({
          id: translationFlags.id,
          tenant: tenants.slug,
          flaggedBy: { id: accounts.id, username: accounts.username, displayName: accounts.displayName },
          museId: translationFlags.museId,
          engine: translationFlags.engine,
          pivot: translationFlags.pivot,
          from: translationFlags.sourceLanguage,
          to: translationFlags.targetLanguage,
          sourceText: translationFlags.sourceText,
          targetText: translationFlags.targetText,
          createdAt: translationFlags.createdAt,
          cursorKey: keys.keyColumn,
        })
        .from(translationFlags)
        .innerJoin(tenants, eq(tenants.id, translationFlags.tenantId))
        .innerJoin(accounts, and(eq(accounts.id, translationFlags.accountId), eq(accounts.tenantId, tenants.id)))
        .where(keys.after)
        .orderBy(...keys.orderBy)
        .limit(keys.take);
      return keys.page(rows);
    },
  };
}

export type TranslationFlagsRepository = ReturnType<typeof createTranslationFlagsRepository>;
