import type { Photo } from '@tolk/shared/schemas/conversations';

/** The uploads module's answer about a member's own photos. */
export interface RecordPhotos {
  /** Of these uploads, the member's own, in the order asked. */
  owned(scope: { tenantId: string; accountId: string }, ids: readonly string[]): Promise<Photo[]>;
}

interface Owned {
  tenantId: string;
  ownerId: string;
}

/**
 * The photos of a page of records by id: one lookup per owner, each checked against its owner's
 * uploads (a superadmin may read another member's record). A photo removed since is absent.
 */
export async function photosOfRecords<R extends Owned>(
  photos: RecordPhotos,
  rows: readonly R[],
  idsOf: (row: R) => readonly string[],
): Promise<Map<string, Photo>> {
  const owners = new Map<string, { tenantId: string; accountId: string; ids: Set<string> }>();
  for (const row of rows) {
    const ids = idsOf(row);
    if (!ids.length) continue;
    const key = `${row.tenantId}/${row.ownerId}`;
    const entry = owners.get(key) ?? { tenantId: row.tenantId, accountId: row.ownerId, ids: new Set<string>() };
    for (const id of ids) entry.ids.add(id);
    owners.set(key, entry);
  }
  const found = await Promise.all([...owners.values()].map((owner) => photos.owned(owner, [...owner.ids])));
  return new Map(found.flat().map((photo) => [photo.id, photo]));
}

/** A record's photos in its order; one removed since is left out rather than shown broken. */
export const photosInOrder = (ids: readonly string[], photos: ReadonlyMap<string, Photo>): Photo[] =>
  ids.flatMap((id) => photos.get(id) ?? []);

/** What every record shows of itself besides its fields. */
export const recordMetaOf = (row: { id: string; version: number; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
