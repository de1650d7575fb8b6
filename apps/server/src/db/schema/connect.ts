// Tables of module connect: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportTarget } from '@tolk/shared/schemas/connect';
import { accounts } from './accounts';
import { ownedRecordColumns } from './columns';
import { tenantId, tenantRowColumns } from './tenants';
import { createdAt, timestamps, timestamptz } from './times';

const account = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/**
 * A connect request and, once accepted, the connection: one row per pair of members, whichever
 * asked. Declining, withdrawing and removing delete it.
 */
export const connections = pgTable(
  'connections',
  {
    ...tenantRowColumns(),
    requesterId: account('requester_id'),
    addresseeId: account('addressee_id'),
    state: text('state').$type<'pending' | 'accepted'>().notNull().default('pending'),
    note: text('note').notNull().default(''),
    noteLanguage: text('note_language').notNull().default(''),
    createdAt: createdAt(),
    respondedAt: timestamptz('responded_at'),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('connections_requester_idx').on(t.requesterId, t.state),
    index('connections_addressee_idx').on(t.addresseeId, t.state),
  ],
);

/** A block works both ways: it hides each from the other (connect.repository.ts `unblocked`). */
export const blocks = pgTable(
  'blocks',
  {
    tenantId: tenantId(),
    blockerId: account('blocker_id'),
    blockedId: account('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A trip: a destination city of the bundled list, dates, and a note in the owner's language. */
export const trips = pgTable(
  'trips',
  {
    ...ownedRecordColumns(),
    cityId: integer('city_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    departure: date('departure', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    noteLanguage: text('note_language').notNull().default(''),
    visibility: text('visibility').$type<'everyone' | 'connections' | 'hidden'>().notNull().default('everyone'),
    ...timestamps(),
  },
  (t) => [
    index('trips_owner_idx').on(t.tenantId, t.ownerId, t.arrival),
    index('trips_city_idx').on(t.tenantId, t.cityId, t.departure),
  ],
);

/**
 * A trip's owner asking someone their trip meets (a local of its city, a traveller there at the
 * same time) to meet during it: once per trip and person (asking again finds it). Gone with the
 * trip. A reference about a meeting may be written when one of the two asked on the other's trip.
 */
export const tripMeetRequests = pgTable(
  'trip_meet_requests',
  {
    tenantId: tenantId(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    requesterId: account('requester_id'),
    inviteeId: account('invitee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.inviteeId] }),
    index('trip_meet_requests_invitee_idx').on(t.inviteeId, t.tripId),
  ],
);

/** A member's report of a profile, a trip or a muse, for the superadmins' queue. */
export const reports = pgTable(
  'reports',
  {
    ...tenantRowColumns(),
    reporterId: account('reporter_id'),
    /** Whose profile, trip or muse it is: the account a superadmin may suspend. */
    subjectId: account('subject_id'),
    targetKind: text('target_kind').$type<ReportTarget>().notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /**
     * What was reported as the reporter saw it (a bio, a trip's place, dates and note, a muse's
     * text), kept with the report: moderators judge it even after it is edited or deleted.
     */
    content: text('content').notNull().default(''),
    state: text('state').$type<'open' | 'resolved'>().notNull().default('open'),
    resolution: text('resolution').$type<'dismissed' | 'suspended'>(),
    resolvedBy: uuid('resolved_by').references(() => accounts.id, { onDelete: 'set null' }),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_queue_idx').on(t.tenantId, t.state, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
