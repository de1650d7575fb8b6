import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';
import { cityChoiceSchema } from './cities';
import { photoSchema } from './conversations';
import { recordMeta, recordName, recordPageSchema, recordText, recordVersion } from './records';

/** How long a place's address may be. */
export const PLACE_ADDRESS_MAX = 300;

export const PLACE_KINDS = ['city', 'stay', 'food', 'sight', 'other'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A place I keep: private to me. Coordinates come from the map or from a city of the list. */
export const placeInputSchema = z
  .object({
    name: recordName,
    kind: z.enum(PLACE_KINDS).default('other'),
    address: textSchema(PLACE_ADDRESS_MAX).default(''),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lon: z.number().min(-180).max(180).nullable().default(null),
    /** A city of the bundled list (GeoNames id): "Meet people in {city}" and "Plan a trip here". */
    cityId: z.number().int().positive().max(INT4_MAX).nullable().default(null),
    photoId: z.uuid().nullable().default(null),
    note: recordText,
    rating: z.number().int().min(1).max(5).nullable().default(null),
  })
  .refine((place) => (place.lat === null) === (place.lon === null), {
    path: ['lon'],
    message: 'Give both coordinates, or neither.',
  });
export type PlaceInput = z.input<typeof placeInputSchema>;
export const placeUpdateSchema = placeInputSchema.and(z.object({ version: recordVersion }));
export type PlaceUpdate = z.input<typeof placeUpdateSchema>;

export const placeSchema = z.object({
  ...recordMeta,
  name: z.string(),
  kind: z.enum(PLACE_KINDS),
  address: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** With its centre: the owner's form questions a point far from it before saving. */
  city: cityChoiceSchema.nullable(),
  photo: photoSchema.nullable(),
  note: z.string(),
  rating: z.number().int().nullable(),
});
export type Place = z.infer<typeof placeSchema>;
export const placesPageSchema = recordPageSchema(placeSchema);
export type PlacesPage = z.infer<typeof placesPageSchema>;
