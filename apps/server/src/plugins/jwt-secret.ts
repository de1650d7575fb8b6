import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema/server-secrets';

/**
 * The configured TOLK_JWT_SECRET, else one generated on first start and kept in the database, so
 * every instance on the same database signs and checks tokens with the same key.
 */
export async function resolveJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, 'jwt'));
  if (!row) throw new Error('jwt secret missing after insert');
  return row.value;
}
