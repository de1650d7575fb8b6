import { z } from 'zod';
import { usernameSchema } from '@tolk/shared/schemas/auth';
import { recordsQuerySchema } from '@tolk/shared/schemas/records';
import {
  offeredThingsSchema,
  thingInputSchema,
  thingSchema,
  thingsPageSchema,
  thingUpdateSchema,
  type Thing,
} from '@tolk/shared/schemas/things';
import { things } from '../../db/schema/things';
import { fieldError } from '../../errors';
import type { OfferedThingsService } from './offered-things.service';
import { recordKind, type RecordValues } from './record-kind';
import { photosInOrder, recordMetaOf } from './record-photos';
import { tableRows } from './records.repository';
import type { RecordListOf } from './records.routes';

export type ThingRow = typeof things.$inferSelect;
export type ThingInput = z.output<typeof thingInputSchema>;

/**
 * Things I offer: my records, private or offered to my community (offered-things.service.ts).
 * Every photo must be one of my uploads; a description is in the writer's language unless they
 * say otherwise.
 */
export const thingsKind = recordKind<ThingRow, Thing, ThingInput, RecordValues<typeof things>>({
  table: things,
  read: tableRows(things),
  noun: 'Item',
  conflict: 'This item was changed elsewhere. Reload it to see the changes.',
  photoIdsOf: (row) => row.photoIds,
  itemOf: (row, photos) => ({
    ...recordMetaOf(row),
    name: row.name,
    description: row.description,
    descriptionLanguage: row.descriptionLanguage,
    photos: photosInOrder(row.photoIds, photos),
    priceMinor: row.priceMinor,
    currency: row.currency,
    unit: row.unit,
    availability: row.availability,
    visibility: row.visibility,
  }),

  async valuesOf(_owner, input, context) {
    const photoIds = [...new Set(input.photoIds)];
    if (!(await context.photosAreOwn(photoIds))) throw fieldError('photoIds', 'Not a photo of yours.');
    return {
      name: input.name,
      description: input.description,
      descriptionLanguage: (input.descriptionLanguage ?? context.writer.language).toLowerCase(),
      photoIds,
      priceMinor: input.priceMinor,
      currency: input.currency,
      unit: input.unit,
      availability: input.availability,
      visibility: input.visibility,
    };
  },

  api: {
    name: 'things',
    one: 'thing',
    summaries: {
      list: 'My things, a page at a time (search, sort, cursor); with `owner`, the things that member of my community offers, newest first',
      get: 'One thing of mine',
    },
    item: thingSchema,
    page: thingsPageSchema,
    input: thingInputSchema,
    update: thingUpdateSchema,
    csv: 'id name description description_language price_minor currency unit availability visibility created_at updated_at',
  },
});

/** My list, or with `owner` (a username) what that member of my community offers. */
const thingsQuerySchema = recordsQuerySchema.extend({ owner: usernameSchema.optional() });

/** The things list: mine, or with `owner` what that member offers (offered-things.service.ts). */
export const thingsList = (
  offered: Pick<OfferedThingsService, 'offered'>,
): RecordListOf<z.output<typeof thingsQuerySchema>> => ({
  querystring: thingsQuerySchema,
  // Without `owner` a page with `nextCursor`; with it, `items` alone (the union's second arm).
  response: z.union([thingsPageSchema, offeredThingsSchema]),
  others: (caller, query) =>
    query.owner === undefined ? undefined : offered.offered(caller, { username: query.owner }),
});
