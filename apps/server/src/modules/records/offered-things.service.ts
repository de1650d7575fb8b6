import type { OfferedThing } from '@tolk/shared/schemas/things';
import type { Reacher } from '../reach';
import type { ReaderTexts } from '../translation';
import type { OfferedThingRow, OfferedThingsRepository } from './offered-things.repository';
import { photosInOrder, photosOfRecords, type RecordPhotos } from './record-photos';

/** A member reading another's offered things. */
export interface ThingReader {
  tenantId: string;
  accountId: string;
  language: string;
}

/**
 * What members offer, as the members of their tenant read it: descriptions in the reader's
 * language, photos the owner's uploads.
 */
export function createOfferedThingsService(deps: {
  repo: OfferedThingsRepository;
  photos: RecordPhotos;
  readerTexts: ReaderTexts;
}) {
  const { repo } = deps;

  async function offeredView(rows: OfferedThingRow[], reader: ThingReader): Promise<OfferedThing[]> {
    const [photos, descriptions] = await Promise.all([
      photosOfRecords(deps.photos, rows, (row) => row.photoIds),
      deps.readerTexts(
        rows.map((row) => ({ text: row.description, language: row.descriptionLanguage })),
        reader.language,
      ),
    ]);
    return rows.map((row, index) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      name: row.name,
      description: descriptions[index] ?? null,
      photos: photosInOrder(row.photoIds, photos),
      priceMinor: row.priceMinor,
      currency: row.currency,
      unit: row.unit,
      availability: row.availability,
      owner: { id: row.ownerId, username: row.ownerUsername, displayName: row.ownerDisplayName },
    }));
  }

  return {
    /** Whether a member may open this photo: it shows an offered thing they may see. */
    photoOffered: (reader: Reacher, photoId: string) => repo.photoOffered(reader, photoId),

    /**
     * What a member offers, as a member of the reader's tenant sees it (nothing for an owner in
     * another tenant, unknown or suspended), newest first, descriptions in the reader's language.
     */
    async offered(
      reader: ThingReader,
      by: { ownerId: string } | { username: string },
    ): Promise<{ items: OfferedThing[] }> {
      const rows =
        'ownerId' in by ? await repo.offered(reader, by.ownerId) : await repo.offeredByUsername(reader, by.username);
      return { items: await offeredView(rows, reader) };
    },

    /** One offered thing, as the reader's tenant sees it: what an order is made from. */
    async offeredOne(reader: ThingReader, id: string): Promise<OfferedThing | undefined> {
      const row = await repo.offeredThing(reader, id);
      return row ? (await offeredView([row], reader))[0] : undefined;
    },
  };
}
export type OfferedThingsService = ReturnType<typeof createOfferedThingsService>;
