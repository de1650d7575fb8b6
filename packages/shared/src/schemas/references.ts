import { z } from 'zod';
import { characterCount } from '../text';
import { REFERENCE_REPLY_MAX, REFERENCE_TEXT_MAX, REFERENCE_TEXT_MIN } from '../limits';
import { personRefSchema } from './connect';
import { readerTextSchema } from './reader-text';
import { textSchema } from './text';

/** What two members did together that one may write about: met (a trip or a connection), or an order. */
export const REFERENCE_KINDS = ['meeting', 'order'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const REFERENCE_OPINIONS = ['positive', 'neutral', 'negative'] as const;
export type ReferenceOpinion = (typeof REFERENCE_OPINIONS)[number];

/**
 * The thing a reference is about, as `<what>:<id>`: `trip:` a trip one of them asked to meet on,
 * `connection:` their connection, `order:` an order between them.
 */
export const referenceAboutSchema = z
  .string()
  .regex(
    /^(trip|connection|order):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'Not something a reference can be about.',
  );

/** Something I did with another member that I may write about (or did, while its window is open). */
export const referenceOccasionSchema = z.object({
  about: referenceAboutSchema,
  kind: z.enum(REFERENCE_KINDS),
  other: personRefSchema,
  /** What it was: the order's thing, the trip's city; empty for a connection. */
  title: z.string(),
  /** Orders: I am the buyer, so I rate the thing too. */
  rates: z.boolean(),
  writableFrom: z.string(),
  closesAt: z.string(),
  /** My reference's id once I wrote it. */
  written: z.uuid().nullable(),
  /** Whether the other has written theirs (not what: that waits for mine or the hidden days). */
  theyWrote: z.boolean(),
});
export type ReferenceOccasion = z.infer<typeof referenceOccasionSchema>;
export const referenceOccasionsSchema = z.object({ items: z.array(referenceOccasionSchema) });
export type ReferenceOccasions = z.infer<typeof referenceOccasionsSchema>;

export const referenceInputSchema = z.object({
  about: referenceAboutSchema,
  subjectId: z.uuid(),
  opinion: z.enum(REFERENCE_OPINIONS),
  text: textSchema(REFERENCE_TEXT_MAX).refine(
    (value) => characterCount(value) >= REFERENCE_TEXT_MIN,
    `At least ${REFERENCE_TEXT_MIN} characters.`,
  ),
  /** The buyer's rating of the thing, 1 to 5: required of the buyer of an order, refused otherwise. */
  rating: z.number().int().min(1).max(5).optional(),
});
export type ReferenceInput = z.input<typeof referenceInputSchema>;

export const referenceReplyInputSchema = z.object({ text: textSchema(REFERENCE_REPLY_MAX).min(1) });
export type ReferenceReplyInput = z.infer<typeof referenceReplyInputSchema>;

export const hideReferenceInputSchema = z.object({ reason: textSchema(500).min(3) });

/** A reference as a reader gets it: its text in their language, the original one tap away. */
export const referenceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REFERENCE_KINDS),
  author: personRefSchema,
  subject: personRefSchema,
  opinion: z.enum(REFERENCE_OPINIONS),
  text: readerTextSchema,
  rating: z.number().int().nullable(),
  /** Orders: the thing bought (null once the seller deleted it). */
  thing: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The trip's city, the order's thing name; empty for a connection. */
  title: z.string(),
  createdAt: z.string(),
  reply: z.object({ text: readerTextSchema, createdAt: z.string() }).nullable(),
  /** The reader is its subject and has not replied yet. */
  canReply: z.boolean(),
});
export type Reference = z.infer<typeof referenceSchema>;

const opinionCountsSchema = z.object({
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
});
export type OpinionCounts = z.infer<typeof opinionCountsSchema>;

export const referenceCountsSchema = z.object({ meeting: opinionCountsSchema, order: opinionCountsSchema });
export type ReferenceCounts = z.infer<typeof referenceCountsSchema>;

/** A list of references about a member (or of an offered thing's reviews), newest first. */
export const referencesQuerySchema = z
  .object({
    subjectId: z.uuid().optional(),
    thingId: z.uuid().optional(),
    kind: z.enum(REFERENCE_KINDS).optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine(
    (query) => Boolean(query.subjectId) !== Boolean(query.thingId),
    'Name a member (subjectId) or a thing (thingId).',
  );

/** An offered thing's ratings: their average (null with none) and how many. */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The ratings of every thing a member sold that has any (their offers' lines, in one request). */
export const thingRatingsQuerySchema = z.object({ ownerId: z.uuid() });
export const thingRatingsSchema = z.object({
  things: z.array(ratingSummarySchema.extend({ thingId: z.uuid(), average: z.number() })),
});
export type ThingRatings = z.infer<typeof thingRatingsSchema>;

export const referencesPageSchema = z.object({
  items: z.array(referenceSchema),
  nextCursor: z.string().nullable(),
  /** Visible references about the member by kind and opinion (whatever the filter). */
  counts: referenceCountsSchema,
  /** Buyers' ratings: of the thing (thingId), or of everything the member sold (subjectId). */
  rating: ratingSummarySchema,
});
export type ReferencesPage = z.infer<typeof referencesPageSchema>;
