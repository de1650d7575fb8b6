import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { interpreterProfiles } from '../../db/schema/interpreter';

export interface ProfileScope {
  tenantId: string;
  ownerId: string;
}

export function createInterpreterRepository(db: Database) {
  const mine = (scope: ProfileScope, id?: string) =>
    and(
      eq(interpreterProfiles.tenantId, scope.tenantId),
      eq(interpreterProfiles.ownerId, scope.ownerId),
      id ? eq(interpreterProfiles.id, id) : undefined,
    );
  async function profile(scope: ProfileScope, id: string) {
    const [row] = await db.select().from(interpreterProfiles).where(mine(scope, id));
    return row;
  }
  return {
    listProfiles(scope: ProfileScope) {
      return db.select().from(interpreterProfiles).where(mine(scope)).orderBy(asc(interpreterProfiles.createdAt));
    },
    async createProfile(
      scope: ProfileScope,
      input: Omit<typeof interpreterProfiles.$inferInsert, 'tenantId' | 'ownerId'>,
    ) {
      const [row] = await db
        .insert(interpreterProfiles)
        .values({ ...input, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning();
      if (!row) throw new Error('profile insert returned nothing');
      return row;
    },
    async updateProfile(scope: ProfileScope, id: string, patch: Partial<typeof interpreterProfiles.$inferInsert>) {
      // Drizzle refuses an update with nothing to set: an empty patch changes nothing.
      if (Object.keys(patch).length === 0) return profile(scope, id);
      const [row] = await db.update(interpreterProfiles).set(patch).where(mine(scope, id)).returning();
      return row;
    },
    async deleteProfile(scope: ProfileScope, id: string) {
      const rows = await db
        .delete(interpreterProfiles)
        .where(mine(scope, id))
        .returning({ id: interpreterProfiles.id });
      return rows.length > 0;
    },

    profile,
  };
}

export type InterpreterRepository = ReturnType<typeof createInterpreterRepository>;
