import type { z } from 'zod';
import {
  placeInputSchema,
  placeSchema,
  placesPageSchema,
  placeUpdateSchema,
  type Place,
} from '@tolk/shared/schemas/places';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { places } from '../../db/schema/places';
import { fieldError } from '../../errors';
import { cityById, cityChoice } from '../cities';
import { recordKind, type RecordValues } from './record-kind';
import { recordMetaOf } from './record-photos';
import { tableRows } from './records.repository';

type PlaceInput = z.output<typeof placeInputSchema>;

/**
 * Places I keep: private records. The photo must be one of my uploads and the city one of the
 * list (it gives the place its coordinates when the map did not).
 */
export const placesKind = recordKind<typeof places.$inferSelect, Place, PlaceInput, RecordValues<typeof places>>({
  table: places,
  read: tableRows(places),
  noun: 'Place',
  conflict: 'This place was changed elsewhere. Reload it to see the changes.',
  photoIdsOf: (row) => (row.photoId ? [row.photoId] : []),
  itemOf(row, photos) {
    const city = row.cityId === null ? undefined : cityById(row.cityId);
    return {
      ...recordMetaOf(row),
      name: row.name,
      kind: row.kind,
      address: row.address,
      lat: row.lat,
      lon: row.lon,
      city: city ? cityChoice(city) : null,
      photo: (row.photoId && photos.get(row.photoId)) || null,
      note: row.note,
      rating: row.rating,
    };
  },

  async valuesOf(_owner, input, context) {
    const city = input.cityId === null ? null : cityById(input.cityId);
    if (input.cityId !== null && !city) throw fieldError('cityId', SERVER_MESSAGES.notACity);
    if (!(await context.photosAreOwn(input.photoId ? [input.photoId] : []))) {
      throw fieldError('photoId', 'Not a photo of yours.');
    }
    // A place picked by its city alone stands at the city's coordinates.
    const at = input.lat === null && input.lon === null && city ? city : input;
    return {
      name: input.name,
      kind: input.kind,
      address: input.address,
      lat: at.lat,
      lon: at.lon,
      cityId: city?.id ?? null,
      photoId: input.photoId,
      note: input.note,
      rating: input.rating,
    };
  },

  api: {
    name: 'places',
    one: 'place',
    summaries: { list: 'Places I keep, a page at a time (search, sort, cursor)', get: 'One place' },
    item: placeSchema,
    page: placesPageSchema,
    input: placeInputSchema,
    update: placeUpdateSchema,
    csv: 'id name kind address lat lon city country rating note created_at updated_at',
    csvValues: { city: (p) => p.city?.name, country: (p) => p.city?.country },
  },
});
