import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { persons } from '../../db/schema/persons';

/** Whose records a query may touch: an owner in a tenant, or everyone for a superadmin. */
export interface OwnerScope {
  tenantId: string;
  ownerId: string;
  crossTenant: boolean;
}

const columns = {
  id: persons.id,
  name: persons.name,
  description: persons.description,
  note: persons.note,
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
};

function visible(scope: OwnerScope, id: string): SQL | undefined {
  return scope.crossTenant
    ? eq(persons.id, id)
    : and(eq(persons.id, id), eq(persons.tenantId, scope.tenantId), eq(persons.ownerId, scope.ownerId));
}

export function createPersonsRepository(db: Database) {
  return {
    /** Lists are always the caller's own, superadmin or not. */
    listOwn(scope: OwnerScope) {
      return db
        .select(columns)
        .from(persons)
        .where(and(eq(persons.tenantId, scope.tenantId), eq(persons.ownerId, scope.ownerId)))
        .orderBy(desc(persons.createdAt))
        .limit(500);
    },

    async find(scope: OwnerScope, id: string) {
      const [row] = await db.select(columns).from(persons).where(visible(scope, id));
      return row;
    },

    async create(scope: OwnerScope, input: { name: string; description: string; note: string }) {
      const [row] = await db
        .insert(persons)
        .values({ ...input, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning(columns);
      if (!row) throw new Error('person insert returned nothing');
      return row;
    },

    async update(scope: OwnerScope, id: string, input: { name: string; description: string; note: string }) {
      const [row] = await db
        .update(persons)
        .set({ ...input, updatedAt: new Date() })
        .where(visible(scope, id))
        .returning(columns);
      return row;
    },

    async remove(scope: OwnerScope, id: string): Promise<boolean> {
      const rows = await db.delete(persons).where(visible(scope, id)).returning({ id: persons.id });
      return rows.length > 0;
    },
  };
}
