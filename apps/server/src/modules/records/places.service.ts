import type { Place, PlacesPage, placeInputSchema, placeUpdateSchema } from '@tolk/shared/schemas/places';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../../errors';
import { cityById, cityChoice } from '../cities';
import type { OwnerScope } from './keyset';
import type { PlaceRow, PlacesRepository, PlaceValues } from './places.repository';
import { photosOfRecords, recordMetaOf, type RecordPhotos } from './record-photos';

type PlaceInput = z.output<typeof placeInputSchema>;
type PlaceUpdate = z.output<typeof placeUpdateSchema>;

/** Whose record: the tenant and account a place (and so its photo) belongs to. */
type Owner = Pick<OwnerScope, 'tenantId' | 'ownerId'>;

/**
 * Places I keep: private records. The photo must be one of my uploads and the city one of the
 * list (it gives the place its coordinates when the map did not); an edit from an older version
 * is refused, never merged.
 */
export function createPlacesService(deps: { repo: PlacesRepository; photos: RecordPhotos }) {
  const { repo } = deps;
  const photoScope = (owner: Owner) => ({ tenantId: owner.tenantId, accountId: owner.ownerId });

  /** Rows as the API shows them; photos are their owner's uploads (a superadmin may read another's). */
  async function view(rows: PlaceRow[]): Promise<Place[]> {
    const photos = await photosOfRecords(deps.photos, rows, (row) => (row.photoId ? [row.photoId] : []));
    return rows.map((row) => {
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
    });
  }

  const viewOne = async (row: PlaceRow) => (await view([row]))[0]!;

  async function valuesOf(owner: Owner, input: PlaceInput): Promise<PlaceValues> {
    const city = input.cityId === null ? null : cityById(input.cityId);
    if (input.cityId !== null && !city) throw fieldError('cityId', SERVER_MESSAGES.notACity);
    if (input.photoId) {
      const [photo] = await deps.photos.owned(photoScope(owner), [input.photoId]);
      if (!photo) throw fieldError('photoId', 'Not a photo of yours.');
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
  }

  return {
    async list(scope: OwnerScope, query: RecordsListQuery): Promise<PlacesPage> {
      const page = await repo.list(scope, query);
      return { items: await view(page.rows), nextCursor: page.nextCursor };
    },

    async get(scope: OwnerScope, id: string): Promise<Place> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound('Place');
      return viewOne(row);
    },

    async create(scope: OwnerScope, input: PlaceInput): Promise<Place> {
      return viewOne(await repo.create(scope, await valuesOf(scope, input)));
    },

    async update(scope: OwnerScope, id: string, input: PlaceUpdate): Promise<Place> {
      // A superadmin may edit a member's place: its photo must then be that member's, not theirs.
      const owner = scope.crossTenant ? await repo.find(scope, id) : scope;
      if (!owner) throw notFound('Place');
      const row = await repo.update(scope, id, input.version, await valuesOf(owner, input));
      if (row) return viewOne(row);
      if (!(await repo.find(scope, id))) throw notFound('Place');
      throw new AppError('conflict', 'This place was changed elsewhere. Reload it to see the changes.');
    },

    async remove(scope: OwnerScope, id: string): Promise<void> {
      if (!(await repo.remove(scope, id))) throw notFound('Place');
    },

    async exportAll(scope: OwnerScope): Promise<Place[]> {
      return view(await repo.exportAll(scope));
    },
  };
}
export type PlacesService = ReturnType<typeof createPlacesService>;
