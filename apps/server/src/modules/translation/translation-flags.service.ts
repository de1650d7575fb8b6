import type { TranslationFlagReceipt, TranslationFlagsPage } from '@tolk/shared/schemas/translation';
import { forbidden } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { hashText, normaliseText } from './protected-text';
import type { TranslationFlagsRepository } from './translation-flags.repository';
import type { TranslationService } from './translation.service';

/** A translation a reader flagged, as they read it; the caller checked they could read it. */
export interface TranslationFlagInput {
  tenantId: string;
  accountId: string;
  museId: string | null;
  engine: string;
  pivot: string | null;
  from: string;
  to: string;
  sourceText: string;
  targetText: string;
}

/**
 * Readers' flags of bad machine translations: kept with the text pair for superadmins, and the
 * translation memory stops serving the pair until the engine translates it again.
 */
export function createTranslationFlags(deps: {
  repo: TranslationFlagsRepository;
  translation: Pick<TranslationService, 'forget'>;
}) {
  return {
    /** Idempotent per member and pair: flagging again returns the first flag. */
    async flag(input: TranslationFlagInput): Promise<TranslationFlagReceipt & { created: boolean }> {
      const flag = await deps.repo.create({
        tenantId: input.tenantId,
        accountId: input.accountId,
        museId: input.museId,
        engine: input.engine,
        pivot: input.pivot,
        sourceLanguage: input.from,
        targetLanguage: input.to,
        sourceText: input.sourceText,
        targetText: input.targetText,
        sourceHash: hashText(normaliseText(input.sourceText)),
        targetHash: hashText(input.targetText),
      });
      if (flag.created) {
        await deps.translation.forget({
          engine: input.engine,
          from: input.from,
          to: input.to,
          pivot: input.pivot,
          text: input.sourceText,
        });
      }
      return { id: flag.id, createdAt: flag.createdAt.toISOString(), created: flag.created };
    },

    /** Every tenant's flags, newest first (superadmins). */
    async page(actor: Actor, query: { cursor?: string | undefined; limit: number }): Promise<TranslationFlagsPage> {
      if (!actor.superAdmin) throw forbidden('Only superadmins see flagged translations.');
      const { rows, nextCursor } = await deps.repo.page(query);
      return {
        items: rows.map((row) => ({
          id: row.id,
          tenant: row.tenant,
          flaggedBy: row.flaggedBy,
          museId: row.museId,
          engine: row.engine,
          pivot: row.pivot,
          from: row.from,
          to: row.to,
          sourceText: row.sourceText,
          targetText: row.targetText,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },
  };
}

export type TranslationFlags = ReturnType<typeof createTranslationFlags>;
