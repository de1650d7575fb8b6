import { z } from 'zod';
import { isCurrency } from '../currencies';
import { photoSchema } from './conversations';
import { readerTextSchema } from './reader-text';
import { recordMeta, recordName, recordPageSchema, recordText, recordVersion, THING_PHOTOS_MAX } from './records';

export const THING_UNITS = ['item', 'hour', 'person'] as const;
export type ThingUnit = (typeof THING_UNITS)[number];
export const THING_AVAILABILITIES = ['available', 'on_request', 'unavailable'] as const;
export type ThingAvailability = (typeof THING_AVAILABILITIES)[number];
/** Private: mine alone. Offered: on my connect profile, readable by my community. */
export const THING_VISIBILITIES = ['private', 'offered'] as const;
export type ThingVisibility = (typeof THING_VISIBILITIES)[number];
/** The largest price, in minor units (a 32-bit column). */
export const THING_PRICE_MAX = 2_000_000_000;

/** An item or a service I offer (a guided walk, a lesson, a meal, a guidebook). */
export const thingInputSchema = z.object({
  name: recordName,
  description: recordText,
  /** The language the description is written in; the writer's interface language when absent. */
  descriptionLanguage: z.string().min(2).max(12).optional(),
  photoIds: z.array(z.uuid()).max(THING_PHOTOS_MAX, `At most ${THING_PHOTOS_MAX} photos.`).default([]),
  priceMinor: z.number().int('Whole minor units.').min(0, 'Not below zero.').max(THING_PRICE_MAX, 'Too large.'),
  currency: z.string().refine(isCurrency, 'Not an ISO 4217 currency.'),
  unit: z.enum(THING_UNITS).default('item'),
  availability: z.enum(THING_AVAILABILITIES).default('available'),
  visibility: z.enum(THING_VISIBILITIES).default('private'),
});
export type ThingInput = z.input<typeof thingInputSchema>;
export const thingUpdateSchema = thingInputSchema.extend({ version: recordVersion });
export type ThingUpdate = z.input<typeof thingUpdateSchema>;

export const thingSchema = z.object({
  ...recordMeta,
  name: z.string(),
  description: z.string(),
  descriptionLanguage: z.string(),
  photos: z.array(photoSchema),
  priceMinor: z.number().int(),
  currency: z.string(),
  unit: z.enum(THING_UNITS),
  availability: z.enum(THING_AVAILABILITIES),
  visibility: z.enum(THING_VISIBILITIES),
});
export type Thing = z.infer<typeof thingSchema>;
export const thingsPageSchema = recordPageSchema(thingSchema);
export type ThingsPage = z.infer<typeof thingsPageSchema>;

/** Another member's offered thing, its description in the reader's language. */
export const offeredThingSchema = thingSchema
  .omit({ description: true, descriptionLanguage: true, visibility: true, version: true })
  .extend({
    owner: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }),
    description: readerTextSchema.nullable(),
  });
export type OfferedThing = z.infer<typeof offeredThingSchema>;
export const offeredThingsSchema = z.object({ items: z.array(offeredThingSchema) });
