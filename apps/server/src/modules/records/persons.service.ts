import type { Person, PersonsPage, personInputSchema } from '@tolk/shared/schemas/persons';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import { avatarUrlOf } from '@tolk/shared/avatars';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../../errors';
import type { OwnerScope } from './keyset';
import type { PersonRow, PersonsRepository, PersonValues } from './persons.repository';
import { photosOfRecords, recordMetaOf, type RecordPhotos } from './record-photos';

type PersonInput = z.output<typeof personInputSchema>;

/**
 * People I met: private records. A photo must be one of my uploads, the place one of my places,
 * the account one in my community; an edit from an older version is refused, never merged.
 */
export function createPersonsService(deps: {
  repo: PersonsRepository;
  photos: RecordPhotos;
  /** A member of the owner's tenant by username, when the owner may reach them (accounts, connect's rule). */
  accountFor: (owner: { tenantId: string; accountId: string }, username: string) => Promise<{ id: string } | undefined>;
}) {
  const { repo } = deps;
  const photoScope = (scope: OwnerScope) => ({ tenantId: scope.tenantId, accountId: scope.ownerId });

  /** Rows as the API shows them; photos are their owner's uploads (a superadmin may read another's). */
  async function view(rows: PersonRow[]): Promise<Person[]> {
    const photos = await photosOfRecords(deps.photos, rows, (row) => (row.photoId ? [row.photoId] : []));
    return rows.map((row) => ({
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
    }));
  }

  async function valuesOf(scope: OwnerScope, input: PersonInput): Promise<PersonValues> {
    const checks = await Promise.all([
      input.photoId ? deps.photos.owned(photoScope(scope), [input.photoId]) : [],
      input.metPlaceId ? repo.ownsPlace(scope, input.metPlaceId) : true,
      input.username
        ? deps.accountFor({ tenantId: scope.tenantId, accountId: scope.ownerId }, input.username)
        : undefined,
    ]);
    const [photos, placeIsMine, account] = checks;
    if (input.photoId && !photos.length) throw fieldError('photoId', 'Not a photo of yours.');
    if (!placeIsMine) throw fieldError('metPlaceId', 'Not a place of yours.');
    if (input.username && !account) throw fieldError('username', `No member is called ${input.username}.`);
    if (account?.id === scope.ownerId) throw fieldError('username', 'That is you.');
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
  }

  async function get(scope: OwnerScope, id: string): Promise<Person> {
    const row = await repo.find(scope, id);
    if (!row) throw notFound('Person');
    const [person] = await view([row]);
    return person!;
  }

  return {
    async list(scope: OwnerScope, query: RecordsListQuery): Promise<PersonsPage> {
      const page = await repo.list(scope, query);
      return { items: await view(page.rows), nextCursor: page.nextCursor };
    },
    get,
    async create(scope: OwnerScope, input: PersonInput): Promise<Person> {
      return get(scope, await repo.create(scope, await valuesOf(scope, input)));
    },
    async update(scope: OwnerScope, id: string, input: PersonInput & { version: number }): Promise<Person> {
      const values = await valuesOf(scope, input);
      if (!(await repo.update(scope, id, input.version, values))) {
        if (!(await repo.find(scope, id))) throw notFound('Person');
        throw new AppError('conflict', 'This person was changed elsewhere. Reload to see the changes.');
      }
      return get(scope, id);
    },
    async remove(scope: OwnerScope, id: string): Promise<void> {
      if (!(await repo.remove(scope, id))) throw notFound('Person');
    },
    async exportAll(scope: OwnerScope): Promise<Person[]> {
      return view(await repo.exportAll(scope));
    },
  };
}
export type PersonsService = ReturnType<typeof createPersonsService>;
