import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { tenants } from '../../db/schema/tenants';

export type TenantRow = typeof tenants.$inferSelect;

export function createTenantsRepository(db: Database) {
  return {
    /** The tenant's id, creating it first when it does not exist (safe when instances race). */
    async ensure(slug: string, name: string): Promise<string> {
      await db.insert(tenants).values({ slug, name }).onConflictDoNothing({ target: tenants.slug });
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
      if (!row) throw new Error(`tenant ${slug} missing after insert`);
      return row.id;
    },

    async idOf(slug: string): Promise<string | undefined> {
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
      return row?.id;
    },

    /** Every tenant with its number of accounts, by slug. */
    list() {
      return db
        .select({
          id: tenants.id,
          slug: tenants.slug,
          name: tenants.name,
          createdAt: tenants.createdAt,
          accounts: count(accounts.id),
        })
        .from(tenants)
        .leftJoin(accounts, eq(accounts.tenantId, tenants.id))
        .groupBy(tenants.id)
        .orderBy(asc(tenants.slug));
    },

    /** Throws a unique violation on a slug in use. */
    async create(slug: string, name: string): Promise<TenantRow> {
      const [row] = await db.insert(tenants).values({ slug, name }).returning();
      if (!row) throw new Error('tenant insert returned nothing');
      return row;
    },

    /** The tenant, its row held until the transaction ends. */
    async lock(slug: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).for('update');
      return row;
    },

    async accountsIn(tenantId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.tenantId, tenantId));
      return row?.n ?? 0;
    },

    /** Throws a foreign-key violation while anything still belongs to the tenant. */
    async remove(id: string): Promise<void> {
      await db.delete(tenants).where(eq(tenants.id, id));
    },
  };
}
