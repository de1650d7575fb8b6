import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';
import { SERVER_MESSAGES } from '../server-messages';
import { INTERESTS } from '../interests';
import { avatarUrlSchema } from './conversations';
import { cityIdSchema, cityRefSchema } from './cities';
import { languageCodeSchema } from './auth';
import { spokenLanguageSchema } from './profile';
import { readerTextSchema } from './reader-text';
import { offeredThingSchema } from './things';
import { idParamsSchema } from './ids';

/** How recently someone was active, never more exactly than this. */
export const ACTIVITY = ['today', 'week', 'month', 'earlier'] as const;
export type Activity = (typeof ACTIVITY)[number];

/** Where the viewer stands with a person. */
export const CONNECTION_STATES = ['none', 'outgoing', 'incoming', 'connected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export { readerTextSchema, type ReaderText } from './reader-text';

export const personRefSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: avatarUrlSchema,
});
export type ConnectPersonRef = z.infer<typeof personRefSchema>;

/** A person as discovery shows them: no coordinates, no birth year, a rounded distance. */
export const personCardSchema = personRefSchema.extend({
  age: z.number().int().nullable(),
  city: cityRefSchema.nullable(),
  /** Whole kilometres from the viewer's home city, at least 1; null when either has none. */
  distanceKm: z.number().int().nullable(),
  languagesSpoken: z.array(spokenLanguageSchema),
  languagesLearning: z.array(z.string()),
  interests: z.array(z.string()),
  sharedInterests: z.array(z.string()),
  /** They speak a language the viewer learns, and learn one the viewer speaks. */
  teachesMe: z.boolean(),
  learnsMine: z.boolean(),
  bio: readerTextSchema.nullable(),
  activity: z.enum(ACTIVITY).nullable(),
  /** Shown references about them: how many, and how many positive. */
  references: z.object({ total: z.number().int(), positive: z.number().int() }),
  connection: z.enum(CONNECTION_STATES),
});
export type PersonCard = z.infer<typeof personCardSchema>;

export const TRIP_NOTE_MAX = 500;
export const TRIP_VISIBILITIES = ['everyone', 'connections', 'hidden'] as const;
const isoDate = z.iso.date('A date such as 2026-12-24.');

export const tripSchema = z.object({
  id: z.uuid(),
  owner: personRefSchema,
  city: cityRefSchema,
  arrival: z.string(),
  departure: z.string(),
  note: readerTextSchema.nullable(),
  visibility: z.enum(TRIP_VISIBILITIES),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripInputSchema = z
  .object({
    cityId: z.number().int().positive().max(INT4_MAX),
    arrival: isoDate,
    departure: isoDate,
    note: textSchema(TRIP_NOTE_MAX).default(''),
    visibility: z.enum(TRIP_VISIBILITIES).default('everyone'),
  })
  .refine((trip) => trip.departure >= trip.arrival, {
    path: ['departure'],
    message: SERVER_MESSAGES.departureBeforeArrival,
  });
export type TripInput = z.input<typeof tripInputSchema>;

/** A person in full, as /connect/{id} shows them. */
export const personDetailSchema = personCardSchema.extend({
  trips: z.array(tripSchema),
  /** The viewer may open a direct conversation (their setting allows it, no block). */
  canMessage: z.boolean(),
  /** A pending request's note, either way. */
  requestNote: readerTextSchema.nullable(),
  /** Things they offer, descriptions in the viewer's language. */
  offers: z.array(offeredThingSchema),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

export const DISCOVERY_PAGE_SIZE = 20;
export const discoveryQuerySchema = z
  .object({
    speaks: languageCodeSchema,
    learns: languageCodeSchema,
    interest: z.enum(INTERESTS),
    cityId: cityIdSchema,
    /** With cityId, or from the viewer's home city. */
    withinKm: z.coerce.number().int().min(1).max(20_000),
    travellingTo: cityIdSchema,
    from: isoDate,
    until: isoDate,
    ageMin: z.coerce.number().int().min(13).max(120),
    ageMax: z.coerce.number().int().min(13).max(120),
    q: z.string().trim().min(1).max(64),
    cursor: z.string().max(200),
    limit: z.coerce.number().int().min(1).max(50).default(DISCOVERY_PAGE_SIZE),
  })
  .partial()
  .refine((query) => query.ageMin === undefined || query.ageMax === undefined || query.ageMin <= query.ageMax, {
    path: ['ageMax'],
    message: 'The highest age is below the lowest.',
  });
export type DiscoveryQuery = z.input<typeof discoveryQuerySchema>;

export const discoveryPageSchema = z.object({
  people: z.array(personCardSchema),
  nextCursor: z.string().nullable(),
});
export type DiscoveryPage = z.infer<typeof discoveryPageSchema>;

export const CONNECT_NOTE_MAX = 300;
export const connectRequestInputSchema = z.object({
  note: textSchema(CONNECT_NOTE_MAX).default(''),
});

export const connectionSchema = z.object({
  id: z.uuid(),
  person: personRefSchema,
  state: z.enum(['pending', 'accepted']),
  direction: z.enum(['incoming', 'outgoing']),
  note: readerTextSchema.nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionsSchema = z.object({
  connected: z.array(connectionSchema),
  incoming: z.array(connectionSchema),
  outgoing: z.array(connectionSchema),
});
export type Connections = z.infer<typeof connectionsSchema>;

/** What a member can report: a profile, a trip, a muse, a reference. */
export const REPORT_TARGETS = ['profile', 'trip', 'muse', 'reference'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake', 'other'] as const;
export const REPORT_NOTE_MAX = 1000;
export const reportInputSchema = z.object({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: textSchema(REPORT_NOTE_MAX).default(''),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** A traveller and the trip that brings them. */
export const travellerSchema = z.object({ person: personCardSchema, trip: tripSchema });
export type Traveller = z.infer<typeof travellerSchema>;

/** A traveller coming my way; `askedMe`: they asked me to meet during this trip. */
export const visitorSchema = travellerSchema.extend({ askedMe: z.boolean() });
export type Visitor = z.infer<typeof visitorSchema>;

/** A local my trip meets; `asked`: I asked them to meet during it. */
export const meetLocalSchema = personCardSchema.extend({ asked: z.boolean() });
export type MeetLocal = z.infer<typeof meetLocalSchema>;
/** A traveller my trip meets: whether I asked them to meet during mine, and they me during theirs. */
export const meetTravellerSchema = visitorSchema.extend({ asked: z.boolean() });
export type MeetTraveller = z.infer<typeof meetTravellerSchema>;

/** Whom a trip meets: locals of its city and other travellers there on overlapping dates. */
export const tripMeetSchema = z.object({
  trip: tripSchema,
  locals: z.array(meetLocalSchema),
  travellers: z.array(meetTravellerSchema),
});
export type TripMeet = z.infer<typeof tripMeetSchema>;

/** Asking someone my trip meets (a local, a traveller there then) to meet during it. */
export const meetRequestInputSchema = z.object({ accountId: z.uuid() });
export type MeetRequestInput = z.infer<typeof meetRequestInputSchema>;
export const meetRequestSchema = z.object({
  tripId: z.uuid(),
  accountId: z.uuid(),
  createdAt: z.string(),
});
export type MeetRequest = z.infer<typeof meetRequestSchema>;
export const meetRequestParamsSchema = idParamsSchema.extend({ accountId: z.uuid('Not a valid id.') });

export const tripsSchema = z.object({ trips: z.array(tripSchema) });
export const visitorsSchema = z.object({ visitors: z.array(visitorSchema) });
export type Visitors = z.infer<typeof visitorsSchema>;

/** How far from a city counts as "in" it for locals and visitors. */
export const LOCAL_RADIUS_KM = 30;

/** Whom I blocked (their muses in a shared group are folded away for me). */
export const blockedPeopleSchema = z.object({ blocked: z.array(personRefSchema) });
export type BlockedPeople = z.infer<typeof blockedPeopleSchema>;

export const REPORT_STATES = ['open', 'resolved'] as const;
export const reportSchema = z.object({
  id: z.uuid(),
  tenant: z.string(),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  /** What was reported as the reporter saw it: a bio, a trip, a muse's text. */
  content: z.string(),
  state: z.enum(REPORT_STATES),
  resolution: z.enum(['dismissed', 'suspended']).nullable(),
  reporter: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }),
  subject: z.object({ id: z.uuid(), username: z.string(), displayName: z.string(), suspended: z.boolean() }),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportsSchema = z.object({ reports: z.array(reportSchema) });
export const reportsQuerySchema = z.object({ state: z.enum(REPORT_STATES).default('open') });
export const resolveReportInputSchema = z.object({ action: z.enum(['dismiss', 'suspend']) });
