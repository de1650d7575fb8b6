import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { avatarUrlOf } from '@tolk/shared/avatars';
import {
  personInputSchema,
  personSchema,
  personsPageSchema,
  personUpdateSchema,
  type Person,
} from '@tolk/shared/schemas/persons';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';
import { places } from '../../db/schema/places';
import { profiles } from '../../db/schema/profiles';
import { fieldError } from '../../errors';
import { noBlockBetween } from '../reach';
import { sameOwner, type OwnerScope } from './keyset';
import { recordKind, type RecordOwner, type RecordValues } from './record-kind';
import { recordMetaOf } from './record-photos';

/**
 * A person with the place they met and their account beside them: the account only while it is
 * in the owner's tenant and reachable, the place only while it is the owner's.
 */
function withLinks(db: Database, cursorKey: SQL<string>) {
  return db
    .select({
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
      cursorKey,
    })
    .from(persons)
    .leftJoin(places, and(eq(places.id, persons.metPlaceId), sameOwner(places, persons)))
    .leftJoin(
      accounts,
      and(
        eq(accounts.id, persons.accountId),
        eq(accounts.tenantId, persons.tenantId),
        // A linked member the owner can no longer reach shows as no link (connect/reach.ts).
        noBlockBetween(accounts.id, persons.ownerId),
      ),
    )
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .$dynamic();
}
type PersonRow = Awaited<ReturnType<typeof withLinks>>[number];
type PersonInput = z.output<typeof personInputSchema>;

/** What a person's rules ask of others. */
export interface PersonLinks {
  /** A member of the owner's tenant by username, when the owner may reach them (accounts, connect's rule). */
  accountFor(owner: { tenantId: string; accountId: string }, username: string): Promise<{ id: string } | undefined>;
  /** Whether this place is the owner's (where they met someone). */
  ownsPlace(owner: OwnerScope, placeId: string): Promise<boolean>;
}

/**
 * People I met: private records. A photo must be one of my uploads, the place one of my places,
 * the account one in my community.
 */
export const personsKind = recordKind<PersonRow, Person, PersonInput, RecordValues<typeof persons>, PersonLinks>({
  table: persons,
  read: { select: withLinks, joined: true },
  noun: 'Person',
  conflict: 'This person was changed elsewhere. Reload to see the changes.',
  photoIdsOf: (row) => (row.photoId ? [row.photoId] : []),
  itemOf: (row, photos) => ({
    ...recordMetaOf(row),
    name: row.name,
    description: row.description,
    note: row.note,
    photo: (row.photoId && photos.get(row.photoId)) || null,
    metPlace: row.metPlaceId && row.metPlaceName !== null ? { id: row.metPlaceId, name: row.metPlaceName } : null,
    metWhere: row.metWhere,
    metOn: row.metOn,
    languages: row.languages,
    account:
      row.accountId && row.username !== null && row.displayName !== null
        ? {
            id: row.accountId,
            username: row.username,
            displayName: row.displayName,
            avatarUrl: avatarUrlOf(row.avatarId),
          }
        : null,
  }),

  async valuesOf(owner: RecordOwner, input, context) {
    const [photoIsMine, placeIsMine, account] = await Promise.all([
      context.photosAreOwn(input.photoId ? [input.photoId] : []),
      input.metPlaceId ? context.ownsPlace(owner, input.metPlaceId) : true,
      input.username
        ? context.accountFor({ tenantId: owner.tenantId, accountId: owner.ownerId }, input.username)
        : undefined,
    ]);
    if (!photoIsMine) throw fieldError('photoId', 'Not a photo of yours.');
    if (!placeIsMine) throw fieldError('metPlaceId', 'Not a place of yours.');
    if (input.username && !account) throw fieldError('username', `No member is called ${input.username}.`);
    if (account?.id === owner.ownerId) throw fieldError('username', 'That is you.');
    return {
      name: input.name,
      description: input.description,
      note: input.note,
      photoId: input.photoId,
      metPlaceId: input.metPlaceId,
      metWhere: input.metWhere,
      metOn: input.metOn,
      languages: [...new Set(input.languages.map((code) => code.toLowerCase()))],
      accountId: account?.id ?? null,
    };
  },

  api: {
    name: 'persons',
    one: 'person',
    summaries: { list: 'People I met, a page at a time (search, sort, cursor)', get: 'One person' },
    item: personSchema,
    page: personsPageSchema,
    input: personInputSchema,
    update: personUpdateSchema,
    csv: 'id name description note met_where met_on met_place languages account created_at updated_at',
    csvValues: { met_place: (p) => p.metPlace?.name, account: (p) => p.account?.username },
  },
});
