import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { MemberCaller } from '../../plugins/auth';
import type { AuditRepository } from '../accounts';
import type { ReachRule } from '../reach';
import type { ReferencesRepository } from './references.repository';

/** Moderation of references: reporting one (what the reporter saw), and a superadmin hiding one, audited. */
export function createReferencesAdmin(deps: {
  db: Database;
  repo: ReferencesRepository;
  reach: Pick<ReachRule, 'may'>;
  auditIn: (tx: Database) => Pick<AuditRepository, 'record'>;
  now: () => Date;
}) {
  const { repo } = deps;
  return {
    /** The author and text of a shown reference the caller can read (its subject is theirs to see), else null. */
    async reportable(caller: MemberCaller, id: string): Promise<{ accountId: string; text: string } | null> {
      const row = await repo.find(id, caller.tenantId);
      if (!row?.shown) return null;
      if ((await deps.reach.may(caller, row.subjectId, 'see')) !== 'yes') return null;
      return { accountId: row.authorId, text: row.text };
    },

    /** Hides a reference from everyone; the reason goes in the audit log of its author's account. */
    async hide(caller: MemberCaller, id: string, reason: string): Promise<void> {
      if (!caller.superAdmin) throw forbidden();
      await deps.db.transaction(async (tx) => {
        const row = await repo.find(id, null, tx);
        if (!row || !(await repo.hide(tx, id, reason, deps.now()))) throw notFound('Reference');
        await deps.auditIn(tx).record({
          actorId: caller.accountId,
          accountId: row.authorId,
          action: 'reference_hidden',
          before: { reference: id, text: row.text },
          after: { reference: id, hidden: true, reason },
        });
      });
    },
  };
}

export type ReferencesAdmin = ReturnType<typeof createReferencesAdmin>;
