import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema/tenants';

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
  };
}
