import type { z } from 'zod';
import type { Report, reportInputSchema } from '@tolk/shared/schemas/connect';
import { fieldError, forbidden, notFound } from '../../errors';
import { cityById } from '../cities';
import type { MemberCaller } from '../../plugins/auth';
import type { ConnectRepository } from './connect.repository';
import type { ReportsRepository } from './reports.repository';
import type { TripsRepository } from './trips.repository';

type ReportInput = z.output<typeof reportInputSchema>;
type QueueRow = Awaited<ReturnType<ReportsRepository['queue']>>[number];

const viewerOf = (caller: MemberCaller) => ({ tenantId: caller.tenantId, accountId: caller.accountId });

function view(row: QueueRow): Report {
  const { report } = row;
  return {
    id: report.id,
    tenant: row.tenant,
    targetKind: report.targetKind,
    targetId: report.targetId,
    reason: report.reason as Report['reason'],
    note: report.note,
    content: report.content,
    state: report.state,
    resolution: report.resolution ?? null,
    reporter: row.reporter,
    subject: {
      id: row.subject.id,
      username: row.subject.username,
      displayName: row.subject.displayName,
      suspended: row.subject.suspendedAt !== null,
    },
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * Reports: a member reports what they can see (a profile, a trip, a muse of a conversation they
 * are in, a shown reference); superadmins see the queue and dismiss a report or suspend the account it is about.
 */
export function createReportsService(deps: {
  repo: ReportsRepository;
  people: Pick<ConnectRepository, 'reportable'>;
  trips: Pick<TripsRepository, 'visible'>;
  /** The muses module: the account behind a muse the caller can read, and its text. */
  museOf: (caller: MemberCaller, museId: string) => Promise<{ accountId: string; text: string } | null>;
  /** The references module: the author of a shown reference the caller can read, and its text. */
  referenceOf: (caller: MemberCaller, referenceId: string) => Promise<{ accountId: string; text: string } | null>;
  /** A superadmin suspends an account: no sign-in, its sessions revoked and its sockets closed, audited. */
  suspend: (actorId: string, accountId: string) => Promise<void>;
  /** A report was handled: its reporter is told (notifications). */
  handled?: (reporterId: string, reportId: string) => void;
}) {
  /** Whose it is, and what the reporter saw: kept with the report for the moderators. */
  async function targetOf(caller: MemberCaller, input: ReportInput): Promise<{ subjectId: string; content: string }> {
    const viewer = viewerOf(caller);
    if (input.targetKind === 'profile') {
      const person = await deps.people.reportable(viewer, input.targetId);
      if (!person) throw notFound('Person');
      return { subjectId: input.targetId, content: [person.displayName, person.bio].filter(Boolean).join('\n') };
    }
    if (input.targetKind === 'trip') {
      const trip = await deps.trips.visible(viewer, input.targetId);
      if (!trip) throw notFound('Trip');
      const city = cityById(trip.cityId);
      const where = city ? `${city.name}, ${city.country}` : '';
      return {
        subjectId: trip.ownerId,
        content: [`${where} ${trip.arrival} \u2013 ${trip.departure}`.trim(), trip.note].filter(Boolean).join('\n'),
      };
    }
    if (input.targetKind === 'reference') {
      const reference = await deps.referenceOf(caller, input.targetId);
      if (!reference) throw notFound('Reference');
      if (reference.accountId === caller.accountId) throw fieldError('targetId', 'This reference is yours.');
      return { subjectId: reference.accountId, content: reference.text };
    }
    const muse = await deps.museOf(caller, input.targetId);
    if (!muse) throw fieldError('targetId', 'Only members\u2019 muses can be reported.');
    if (muse.accountId === caller.accountId) throw fieldError('targetId', 'This muse is yours.');
    return { subjectId: muse.accountId, content: muse.text };
  }

  const superAdminOnly = (caller: MemberCaller) => {
    if (!caller.superAdmin) throw forbidden();
  };

  return {
    async file(caller: MemberCaller, input: ReportInput) {
      const { subjectId, content } = await targetOf(caller, input);
      const row = await deps.repo.create({
        tenantId: caller.tenantId,
        reporterId: caller.accountId,
        subjectId,
        content,
        targetKind: input.targetKind,
        targetId: input.targetId,
        reason: input.reason,
        note: input.note,
      });
      return { id: row.id };
    },

    async queue(caller: MemberCaller, state: 'open' | 'resolved') {
      superAdminOnly(caller);
      return { reports: (await deps.repo.queue(state)).map(view) };
    },

    async resolve(caller: MemberCaller, id: string, action: 'dismiss' | 'suspend') {
      superAdminOnly(caller);
      const open = await deps.repo.findOpen(id);
      if (!open) throw notFound('Report');
      // Suspended first: a report never says "suspended" about an account that is not.
      if (action === 'suspend') await deps.suspend(caller.accountId, open.subjectId);
      await deps.repo.resolve(id, action === 'suspend' ? 'suspended' : 'dismissed', caller.accountId);
      // The reporter hears it was looked into, not by whom nor what was decided about someone else.
      deps.handled?.(open.reporterId, id);
      return { ok: true as const };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
