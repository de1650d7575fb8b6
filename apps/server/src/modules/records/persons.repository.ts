import { noBlockBetween } from '../reach';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';
import { places } from '../../db/schema/places';
import { profiles } from '../../db/schema/profiles';
import { ownedBy, ownedRecord, recordList, type OwnerScope } from './keyset';

export type PersonValues = Omit<typeof persons.$inferInsert, 'id' | 'tenantId' | 'ownerId' | 'version'>;

/**
 * People a member met, always filtered by tenant and owner in the query. A person's linked
 * account and the place they met are read beside them: the account only while it is in the
 * owner's tenant, the place only while it is the owner's.
 */
export function createPersonsRepository(db: Database) {
  const columns = {
    id: persons.id,
    tenantId: persons.tenantId,
    ownerId: persons.ownerId,
    name: persons.name,
    description: persons.description,
    note: persons.note,
    photoId: persons.photoId,
    metWhere: persons.metWhere,
    metOn: persons.metOn,
    languages: persons.languages,
    version: persons.version,
    createdAt: persons.createdAt,
    updatedAt: persons.updatedAt,
    metPlaceId: places.id,
    metPlaceName: places.name,
    accountId: accounts.id,
    username: accounts.username,
    displayName: accounts.displayName,
    avatarId: profiles.avatarId,
  };
  /** Persons with their place and account; `cursorKey` is the list's sort key (empty elsewhere). */
  const withLinks = (cursorKey = sql<string>`''`) =>
    db
      .select({ ...columns, cursorKey })
      .from(persons)
      .leftJoin(
        places,
        and(
          eq(places.id, persons.metPlaceId),
          eq(places.tenantId, persons.tenantId),
          eq(places.ownerId, persons.ownerId),
        ),
      )
      .leftJoin(
        accounts,
        and(
          eq(accounts.id, persons.accountId),
          eq(accounts.tenantId, persons.tenantId),
          // A linked member the owner can no longer reach shows as no link (reach/reach.ts).
          noBlockBetween(accounts.id, persons.ownerId),
        ),
      )
      .leftJoin(profiles, eq(profiles.accountId, accounts.id));

  return {
    async list(scope: OwnerScope, query: RecordsListQuery) {
      const list = recordList(persons, scope, query);
      const rows = await withLinks(list.keyColumn)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.take);
      return list.page(rows);
    },

    async find(scope: OwnerScope, id: string) {
      const [row] = await withLinks().where(ownedRecord(persons, scope, id));
      return row;
    },

    async create(scope: OwnerScope, values: PersonValues) {
      const [row] = await db
        .insert(persons)
        .values({ ...values, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning({ id: persons.id });
      if (!row) throw new Error('person insert returned nothing');
      return row.id;
    },

    /** Changes the person only from the version the edit was made on; false when it is not (or not theirs). */
    async update(scope: OwnerScope, id: string, version: number, values: PersonValues): Promise<boolean> {
      const rows = await db
        .update(persons)
        .set({ ...values, version: sql`${persons.version} + 1`, updatedAt: sql`now()` })
        .where(and(ownedRecord(persons, scope, id), eq(persons.version, version)))
        .returning({ id: persons.id });
      return rows.length > 0;
    },

    async remove(scope: OwnerScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(persons)
        .where(ownedRecord(persons, scope, id))
        .returning({ id: persons.id });
      return rows.length > 0;
    },

    /** Every person of the owner, oldest first (the export). */
    exportAll(scope: OwnerScope) {
      return withLinks().where(ownedBy(persons, scope)).orderBy(asc(persons.createdAt), asc(persons.id));
    },

    /** Whether this place is the owner's (where they met someone). */
    async ownsPlace(scope: OwnerScope, placeId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: places.id })
        .from(places)
        .where(ownedRecord(places, scope, placeId));
      return row !== undefined;
    },
  };
}
export type PersonsRepository = ReturnType<typeof createPersonsRepository>;
export type PersonRow = NonNullable<Awaited<ReturnType<PersonsRepository['find']>>>;
