import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { reports } from '../../db/schema/connect';
import { tenants } from '../../db/schema/tenants';

const reporter = alias(accounts, 'reporter');
const subject = alias(accounts, 'subject');

/** Reports of profiles, trips and muses: members file them, superadmins work through them. */
export function createReportsRepository(db: Database) {
  return {
    async create(values: typeof reports.$inferInsert) {
      const [row] = await db.insert(reports).values(values).returning();
      if (!row) throw new Error('report insert returned nothing');
      return row;
    },

    /** The queue, newest first, across tenants (superadmins only: the service checks). */
    queue(state: 'open' | 'resolved') {
      return db
        .select({
          report: reports,
          tenant: tenants.slug,
          reporter: { id: reporter.id, username: reporter.username, displayName: reporter.displayName },
          subject: {
            id: subject.id,
            username: subject.username,
            displayName: subject.displayName,
            suspendedAt: subject.suspendedAt,
          },
        })
        .from(reports)
        .innerJoin(tenants, eq(tenants.id, reports.tenantId))
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .innerJoin(subject, eq(subject.id, reports.subjectId))
        .where(eq(reports.state, state))
        .orderBy(desc(reports.createdAt))
        .limit(200);
    },

    async findOpen(id: string) {
      const [row] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.id, id), eq(reports.state, 'open')));
      return row;
    },

    /** Closes an open report; undefined when it is not open (resolved already, or no such report). */
    async resolve(id: string, resolution: 'dismissed' | 'suspended', by: string) {
      const [row] = await db
        .update(reports)
        .set({ state: 'resolved', resolution, resolvedBy: by, resolvedAt: new Date() })
        .where(and(eq(reports.id, id), eq(reports.state, 'open')))
        .returning();
      return row;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
