import type { Photo } from '@tolk/shared/schemas/conversations';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import type { OfferedThing, Thing, thingInputSchema, ThingsPage, thingUpdateSchema } from '@tolk/shared/schemas/things';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../../errors';
import type { Reacher } from '../reach';
import type { ReaderTexts } from '../translation';
import type { OwnerScope } from './keyset';
import type { OfferedThingRow, ThingRow, ThingsRepository, ThingValues } from './things.repository';
import { photosOfRecords, recordMetaOf, type RecordPhotos } from './record-photos';

type ThingInput = z.output<typeof thingInputSchema>;
type ThingUpdate = z.output<typeof thingUpdateSchema>;

/** Whose record: the tenant and account a thing (and so its photos) belongs to. */
type Owner = Pick<OwnerScope, 'tenantId' | 'ownerId'>;
/** The member writing: their scope, and the language a description is in when they do not say. */
export type ThingWriter = OwnerScope & { language: string };
/** A member reading another's offered things. */
export interface ThingReader {
  tenantId: string;
  accountId: string;
  language: string;
}

/**
 * Things I offer: my records, private or offered to my community. Every photo must be one of my
 * uploads; an edit from an older version is refused, never merged. Offered things are read by
 * the members of my tenant, their descriptions in the reader's language.
 */
export function createThingsService(deps: { repo: ThingsRepository; photos: RecordPhotos; readerTexts: ReaderTexts }) {
  const { repo } = deps;
  const photoScope = (owner: Owner) => ({ tenantId: owner.tenantId, accountId: owner.ownerId });

  /** Each row's photos, in its order: one lookup per owner (a superadmin may read another's). */
  async function photosOf(rows: readonly ThingRow[]): Promise<Photo[][]> {
    const byId = await photosOfRecords(deps.photos, rows, (row) => row.photoIds);
    // A photo removed since is left out rather than shown broken.
    return rows.map((row) => row.photoIds.flatMap((id) => byId.get(id) ?? []));
  }

  async function view(rows: ThingRow[]): Promise<Thing[]> {
    const photos = await photosOf(rows);
    return rows.map((row, index) => ({
      ...recordMetaOf(row),
      name: row.name,
      description: row.description,
      descriptionLanguage: row.descriptionLanguage,
      photos: photos[index]!,
      priceMinor: row.priceMinor,
      currency: row.currency,
      unit: row.unit,
      availability: row.availability,
      visibility: row.visibility,
    }));
  }

  const viewOne = async (row: ThingRow) => (await view([row]))[0]!;

  async function valuesOf(owner: Owner, input: ThingInput, writerLanguage: string): Promise<ThingValues> {
    const photoIds = [...new Set(input.photoIds)];
    if (photoIds.length) {
      const owned = await deps.photos.owned(photoScope(owner), photoIds);
      if (owned.length !== photoIds.length) throw fieldError('photoIds', 'Not a photo of yours.');
    }
    return {
      name: input.name,
      description: input.description,
      descriptionLanguage: (input.descriptionLanguage ?? writerLanguage).toLowerCase(),
      photoIds,
      priceMinor: input.priceMinor,
      currency: input.currency,
      unit: input.unit,
      availability: input.availability,
      visibility: input.visibility,
    };
  }

  async function offeredView(rows: OfferedThingRow[], reader: ThingReader): Promise<OfferedThing[]> {
    const [photos, descriptions] = await Promise.all([
      photosOf(rows),
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
      photos: photos[index]!,
      priceMinor: row.priceMinor,
      currency: row.currency,
      unit: row.unit,
      availability: row.availability,
      owner: { id: row.ownerId, username: row.ownerUsername, displayName: row.ownerDisplayName },
    }));
  }

  return {
    async list(scope: OwnerScope, query: RecordsListQuery): Promise<ThingsPage> {
      const page = await repo.list(scope, query);
      return { items: await view(page.rows), nextCursor: page.nextCursor };
    },

    async get(scope: OwnerScope, id: string): Promise<Thing> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound('Item');
      return viewOne(row);
    },

    async create(writer: ThingWriter, input: ThingInput): Promise<Thing> {
      return viewOne(await repo.create(writer, await valuesOf(writer, input, writer.language)));
    },

    async update(writer: ThingWriter, id: string, input: ThingUpdate): Promise<Thing> {
      // A superadmin may edit a member's thing: its photos must then be that member's, not theirs.
      const owner = writer.crossTenant ? await repo.find(writer, id) : writer;
      if (!owner) throw notFound('Item');
      const row = await repo.update(writer, id, input.version, await valuesOf(owner, input, writer.language));
      if (row) return viewOne(row);
      if (!(await repo.find(writer, id))) throw notFound('Item');
      throw new AppError('conflict', 'This item was changed elsewhere. Reload it to see the changes.');
    },

    async remove(scope: OwnerScope, id: string): Promise<void> {
      if (!(await repo.remove(scope, id))) throw notFound('Item');
    },

    async exportAll(scope: OwnerScope): Promise<Thing[]> {
      return view(await repo.exportAll(scope));
    },

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
export type ThingsService = ReturnType<typeof createThingsService>;
