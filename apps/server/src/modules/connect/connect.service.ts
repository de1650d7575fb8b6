import {
  DISCOVERY_PAGE_SIZE,
  type Activity,
  type DiscoveryPage,
  type PersonCard,
  type PersonDetail,
  type Connection,
  type Connections,
  type ReaderText,
  type BlockedPeople,
} from '@tolk/shared/schemas/connect';
import type { z } from 'zod';
import type { discoveryQuerySchema } from '@tolk/shared/schemas/connect';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { INTERESTS_MAX } from '@tolk/shared/interests';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError, fieldError, notFound } from '../../errors';
import type { ConnectionEvent } from '@tolk/shared/realtime';
import { cityById, cityRef, shownDistance } from '../cities';
import type {
  ConnectionRow,
  ConnectRepository,
  DiscoveryFilters,
  DiscoveryPosition,
  PersonRow,
  Viewer,
  ViewerProfile,
} from './connect.repository';
import type { OfferedThing } from '@tolk/shared/schemas/things';
import type { ProfilesService } from '../profiles';
import type { ReferenceCounts } from '@tolk/shared/schemas/references';
import type { ReaderTexts } from '../translation';
import type { TripRow } from './trips.repository';

/** The member looking, with the language they read in. */
export interface ConnectViewer extends Viewer {
  language: string;
}

type DiscoveryQuery = z.output<typeof discoveryQuerySchema>;

const DAY = 86_400_000;
const TOUCH_EVERY_MS = 60_000;
/** Members remembered as recently touched; the oldest is forgotten first. */
const TOUCHED_MAX = 10_000;

/** How recently, never more exactly: today, this week, this month, earlier. */
export function activityOf(lastActiveAt: Date | null, now = Date.now()): Activity | null {
  if (!lastActiveAt) return null;
  const age = now - lastActiveAt.getTime();
  if (age < DAY) return 'today';
  if (age < 7 * DAY) return 'week';
  if (age < 30 * DAY) return 'month';
  return 'earlier';
}

/** An age from a birth year: the younger of the two it can be, so nobody is shown older than they are. */
export const ageOf = (birthYear: number | null, now = new Date()) =>
  birthYear === null ? null : now.getUTCFullYear() - birthYear - 1;

/** Cursors are opaque to clients: where the next page starts (a tier, a group and a position in it). */
const encodeCursor = (position: DiscoveryPosition) =>
  Buffer.from(
    JSON.stringify({ t: position.tier, s: position.shared, w: position.whole ? 1 : 0, o: position.offset }),
  ).toString('base64url');
function decodeCursor(cursor: string | undefined): DiscoveryPosition {
  if (!cursor) return { tier: 0, shared: INTERESTS_MAX, whole: false, offset: 0 };
  try {
    const { t, s, w, o } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as {
      t?: unknown;
      s?: unknown;
      w?: unknown;
      o?: unknown;
    };
    const whole = (value: unknown): value is number =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0;
    if (whole(t) && whole(s) && whole(o) && t <= 2 && s <= INTERESTS_MAX && (w === 0 || w === 1))
      return { tier: t, shared: s, whole: w === 1, offset: o };
  } catch {
    // Falls through to the error below.
  }
  throw fieldError('cursor', 'Not a cursor of this list.');
}

/**
 * Connect's rules: who a member finds and how they are ranked, what a profile shows another
 * member (never coordinates or a birth year), with bios in the reader's language.
 */
/** A card's references: all shown ones, and the positive ones, of every kind. */
function referenceTotals(counts: ReferenceCounts | undefined): { total: number; positive: number } {
  const kinds = counts ? Object.values(counts) : [];
  return {
    total: kinds.reduce((sum, kind) => sum + kind.positive + kind.neutral + kind.negative, 0),
    positive: kinds.reduce((sum, kind) => sum + kind.positive, 0),
  };
}

export function createConnectService(deps: {
  repo: ConnectRepository;
  /** A person's trips the viewer may see (trips.repository.ts). */
  tripsOf: (viewer: Viewer, ownerId: string) => Promise<TripRow[]>;
  /** What they offer, as the viewer reads it (the records module). */
  offersOf: (viewer: ConnectViewer, ownerId: string) => Promise<OfferedThing[]>;
  readerTexts: ReaderTexts;
  /** Shown references about each of these members, by kind and opinion (the references module). */
  referenceCounts: (accountIds: string[]) => Promise<Map<string, ReferenceCounts>>;
  /** Live news for both members of a connection (the realtime plugin's account rooms). */
  notify: (accountIds: string[], event: ConnectionEvent) => void;
  detect: (text: string, fallback: string) => string;
  /** Profiles are the profiles module's: "active lately" is written there. */
  profiles: Pick<ProfilesService, 'touch'>;
}) {
  const { repo, readerTexts } = deps;
  const touched = new Map<string, number>();

  function connectionView(row: ConnectionRow, viewer: ConnectViewer, note: ReaderText | null): Connection {
    const { connection, person } = row;
    return {
      id: connection.id,
      person: {
        id: person.id,
        username: person.username,
        displayName: person.displayName,
        avatarUrl: avatarUrlOf(person.avatarId),
      },
      state: connection.state,
      direction: connection.requesterId === viewer.accountId ? 'outgoing' : 'incoming',
      note,
      createdAt: connection.createdAt.toISOString(),
      respondedAt: connection.respondedAt?.toISOString() ?? null,
    };
  }

  async function accept(viewer: ConnectViewer, connectionId: string) {
    const row = await repo.accept(viewer, connectionId);
    if (!row) throw notFound('Request');
    const me = await repo.viewerProfile(viewer);
    deps.notify([row.requesterId, viewer.accountId], { connectionId: row.id, kind: 'accepted', person: me.self });
    return { id: row.id, state: row.state };
  }

  function filtersOf(query: DiscoveryQuery, me: ViewerProfile): DiscoveryFilters {
    const thisYear = new Date().getUTCFullYear();
    let within: DiscoveryFilters['within'];
    if (query.withinKm !== undefined) {
      const centre = query.cityId !== undefined ? cityById(query.cityId) : me.home;
      if (!centre) throw fieldError('withinKm', 'Choose a city, or set your home city, to search around it.');
      within = { lat: centre.lat, lon: centre.lon, km: query.withinKm };
    }
    if (query.travellingTo !== undefined && !cityById(query.travellingTo)) {
      throw fieldError('travellingTo', SERVER_MESSAGES.notACity);
    }
    return {
      speaks: query.speaks,
      learns: query.learns,
      interest: query.interest,
      // Around a city, not only in it, when a distance is given.
      cityId: within ? undefined : query.cityId,
      within,
      travellingTo:
        query.travellingTo === undefined
          ? undefined
          : { cityId: query.travellingTo, from: query.from ?? '0001-01-01', until: query.until ?? '9999-12-31' },
      // Ages are shown as the younger they can be: age A means born in thisYear - A - 1 or before.
      bornFrom: query.ageMax === undefined ? undefined : thisYear - query.ageMax - 1,
      bornUntil: query.ageMin === undefined ? undefined : thisYear - query.ageMin - 1,
      q: query.q,
    };
  }

  async function cards(
    rows: (PersonRow & { teachesMe?: boolean; learnsMine?: boolean })[],
    me: ViewerProfile,
    viewer: ConnectViewer,
  ): Promise<PersonCard[]> {
    const [bios, references] = await Promise.all([
      readerTexts(
        rows.map((row) => (row.bio ? { text: row.bio, language: row.bioLanguage } : null)),
        viewer.language,
      ),
      deps.referenceCounts(rows.map((row) => row.id)),
    ]);
    const mine = new Set(me.interests);
    return rows.map((row, index) => {
      const city = row.homeCityId === null ? undefined : cityById(row.homeCityId);
      const spoken = row.languagesSpoken.map((language) => language.code);
      return {
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        avatarUrl: avatarUrlOf(row.avatarId),
        age: ageOf(row.birthYear),
        city: city ? cityRef(city) : null,
        distanceKm: row.distanceKm === null ? null : shownDistance(row.distanceKm),
        languagesSpoken: row.languagesSpoken,
        languagesLearning: row.languagesLearning,
        interests: row.interests,
        sharedInterests: row.interests.filter((tag) => mine.has(tag)),
        teachesMe: row.teachesMe ?? spoken.some((code) => me.learning.includes(code)),
        learnsMine: row.learnsMine ?? row.languagesLearning.some((code) => me.spoken.includes(code)),
        bio: bios[index] ?? null,
        activity: activityOf(row.lastActiveAt),
        references: referenceTotals(references.get(row.id)),
        connection:
          row.connectionState === 'accepted'
            ? 'connected'
            : row.connectionState === 'pending'
              ? row.requestedByMe
                ? 'outgoing'
                : 'incoming'
              : 'none',
      };
    });
  }

  return {
    async discover(viewer: ConnectViewer, query: DiscoveryQuery): Promise<DiscoveryPage> {
      const me = await repo.viewerProfile(viewer);
      const limit = query.limit ?? DISCOVERY_PAGE_SIZE;
      const page = await repo.discover(viewer, me, filtersOf(query, me), { ...decodeCursor(query.cursor), limit });
      return {
        people: await cards(page.rows, me, viewer),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },

    async person(viewer: ConnectViewer, id: string): Promise<PersonDetail> {
      const me = await repo.viewerProfile(viewer);
      const row = await repo.person(viewer, me.home, id);
      if (!row) throw notFound('Person');
      const connected = row.connectionState === 'accepted';
      const [connection, tripRows, offers] = await Promise.all([
        row.connectionState === 'pending' ? repo.connectionWith(viewer, id) : undefined,
        deps.tripsOf(viewer, id),
        deps.offersOf(viewer, id),
      ]);
      const [[card], texts] = await Promise.all([
        cards([row], me, viewer),
        readerTexts(
          [
            connection?.note ? { text: connection.note, language: connection.noteLanguage } : null,
            ...tripRows.map((trip) => (trip.note ? { text: trip.note, language: trip.noteLanguage } : null)),
          ],
          viewer.language,
        ),
      ]);
      const owner = {
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        avatarUrl: avatarUrlOf(row.avatarId),
      };
      return {
        ...card!,
        trips: tripRows.flatMap((trip, index) => {
          const city = cityById(trip.cityId);
          return city
            ? [
                {
                  id: trip.id,
                  owner,
                  city: cityRef(city),
                  arrival: trip.arrival,
                  departure: trip.departure,
                  note: texts[index + 1] ?? null,
                  visibility: trip.visibility,
                },
              ]
            : [];
        }),
        canMessage: row.messagePolicy === 'everyone' || connected,
        requestNote: texts[0] ?? null,
        offers,
      };
    },

    async connections(viewer: ConnectViewer): Promise<Connections> {
      const rows = await repo.connectionsOf(viewer);
      // Only a request's note is for reading: the one made to the viewer, in their language.
      const notes = await readerTexts(
        rows.map(({ connection }) =>
          connection.note && connection.state === 'pending'
            ? { text: connection.note, language: connection.noteLanguage }
            : null,
        ),
        viewer.language,
      );
      const views = rows.map((row, index) => connectionView(row, viewer, notes[index] ?? null));
      return {
        connected: views.filter((view) => view.state === 'accepted'),
        incoming: views.filter((view) => view.state === 'pending' && view.direction === 'incoming'),
        outgoing: views.filter((view) => view.state === 'pending' && view.direction === 'outgoing'),
      };
    },

    /**
     * Asks to connect, with a note in the asker's language. Asking someone who already asked the
     * viewer accepts theirs; asking again returns the request already made.
     */
    async request(viewer: ConnectViewer, personId: string, note: string) {
      const me = await repo.viewerProfile(viewer);
      const person = await repo.person(viewer, me.home, personId);
      if (!person) throw notFound('Person');
      const existing = await repo.connectionWith(viewer, personId);
      if (existing?.state === 'pending' && existing.addresseeId === viewer.accountId) {
        return accept(viewer, existing.id);
      }
      if (existing) return { id: existing.id, state: existing.state };
      const language = note ? deps.detect(note, viewer.language) : '';
      const created = await repo.request(viewer, personId, { text: note, language });
      const row = created ?? (await repo.connectionWith(viewer, personId));
      if (!row) throw new AppError('conflict', 'The request could not be made; try again.');
      if (created) deps.notify([personId], { connectionId: created.id, kind: 'requested', person: me.self });
      return { id: row.id, state: row.state };
    },

    accept,

    async end(viewer: ConnectViewer, connectionId: string, which: 'decline' | 'withdraw' | 'remove') {
      const row = await repo.end(viewer, connectionId, which);
      if (!row) throw notFound(which === 'remove' ? 'Connection' : 'Request');
      const me = await repo.viewerProfile(viewer);
      const other = row.requesterId === viewer.accountId ? row.addresseeId : row.requesterId;
      deps.notify([other, viewer.accountId], { connectionId: row.id, kind: 'ended', person: me.self });
    },

    /** Blocks both ways: discovery, trips, requests and new direct conversations; connections go. */
    async block(viewer: ConnectViewer, personId: string) {
      const connection = await repo.connectionWith(viewer, personId);
      if (!(await repo.block(viewer, personId))) throw notFound('Person');
      if (connection) {
        const me = await repo.viewerProfile(viewer);
        deps.notify([personId, viewer.accountId], { connectionId: connection.id, kind: 'ended', person: me.self });
      }
    },

    /** Whom I blocked: to unblock them, and to fold their muses away in shared groups. */
    async blocked(viewer: ConnectViewer): Promise<BlockedPeople> {
      const rows = await repo.blockedBy(viewer);
      return {
        blocked: rows.map((row) => ({
          id: row.id,
          username: row.username,
          displayName: row.displayName,
          avatarUrl: avatarUrlOf(row.avatarId),
        })),
      };
    },

    async unblock(viewer: ConnectViewer, personId: string) {
      if (!(await repo.unblock(viewer, personId))) throw notFound('Block');
    },

    /**
     * Marks a member active. Activity is shown by the day, so a member is written at most once a
     * minute per instance: most requests write nothing (the SQL keeps the same rule across instances).
     */
    async touch(accountId: string, now = Date.now()) {
      const last = touched.get(accountId);
      if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
      touched.delete(accountId);
      touched.set(accountId, now);
      if (touched.size > TOUCHED_MAX) touched.delete(touched.keys().next().value!);
      await deps.profiles.touch(accountId);
    },
    /** People as cards for this viewer (trips use them for locals and travellers). */
    cards,
    viewerProfile: (viewer: Viewer) => repo.viewerProfile(viewer),
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;
