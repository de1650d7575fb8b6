import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import { AppError, notFound } from '../../errors';
import type { OwnerScope } from './keyset';
import type { RecordKind, RecordOwner, RecordWriter, StoredRecord } from './record-kind';
import { photosOfRecords, type RecordPhotos } from './record-photos';
import type { RecordsRepository } from './records.repository';

/**
 * One kind's records as their owner keeps them: private, each photo one of the owner's uploads,
 * the kind's own checks on every write; an edit from an older version is refused, never merged.
 */
export function createRecordsService<Row extends StoredRecord, Item, Input, Values, Deps>(
  kind: RecordKind<Row, Item, Input, Values, Deps>,
  deps: Deps & { repo: RecordsRepository<Row, Values>; photos: RecordPhotos },
) {
  const { repo } = deps;

  /** Rows as the API shows them; photos are their owner's uploads (a superadmin may read another's). */
  async function view(rows: readonly Row[]): Promise<Item[]> {
    const photos = await photosOfRecords(deps.photos, rows, kind.photoIdsOf);
    return rows.map((row) => kind.itemOf(row, photos));
  }
  const viewOne = async (row: Row) => (await view([row]))[0]!;
  const valuesOf = (owner: RecordOwner, input: Input, writer: RecordWriter) =>
    kind.valuesOf(owner, input, {
      ...deps,
      writer,
      async photosAreOwn(ids) {
        if (!ids.length) return true;
        const owned = await deps.photos.owned({ tenantId: owner.tenantId, accountId: owner.ownerId }, ids);
        return owned.length === ids.length;
      },
    });

  return {
    async list(scope: OwnerScope, query: RecordsListQuery): Promise<{ items: Item[]; nextCursor: string | null }> {
      const page = await repo.list(scope, query);
      return { items: await view(page.rows), nextCursor: page.nextCursor };
    },

    async get(scope: OwnerScope, id: string): Promise<Item> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound(kind.noun);
      return viewOne(row);
    },

    async create(writer: RecordWriter, input: Input): Promise<Item> {
      return viewOne(await repo.create(writer, await valuesOf(writer, input, writer)));
    },

    async update(writer: RecordWriter, id: string, input: Input & { version: number }): Promise<Item> {
      // A superadmin may edit a member's record: its photos and links must then be that member's.
      const owner = writer.crossTenant ? await repo.find(writer, id) : writer;
      if (!owner) throw notFound(kind.noun);
      const row = await repo.update(writer, id, input.version, await valuesOf(owner, input, writer));
      if (row) return viewOne(row);
      if (!(await repo.find(writer, id))) throw notFound(kind.noun);
      throw new AppError('conflict', kind.conflict);
    },

    async remove(scope: OwnerScope, id: string): Promise<void> {
      if (!(await repo.remove(scope, id))) throw notFound(kind.noun);
    },

    async exportAll(scope: OwnerScope): Promise<Item[]> {
      return view(await repo.exportAll(scope));
    },
  };
}
export type RecordsService<Item, Input> = {
  list(scope: OwnerScope, query: RecordsListQuery): Promise<{ items: Item[]; nextCursor: string | null }>;
  get(scope: OwnerScope, id: string): Promise<Item>;
  create(writer: RecordWriter, input: Input): Promise<Item>;
  update(writer: RecordWriter, id: string, input: Input & { version: number }): Promise<Item>;
  remove(scope: OwnerScope, id: string): Promise<void>;
  exportAll(scope: OwnerScope): Promise<Item[]>;
};
