import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema/server-secrets';

/**
 * A secret every instance on the same database shares: made on first start by whichever instance
 * comes first (the others' fresh values lose the insert) and never replaced afterwards.
 */
async function sharedSecret(db: Database, name: string, make: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing after insert`);
  return row.value;
}

const randomKey = () => randomBytes(48).toString('base64url');

/** The configured TOLK_JWT_SECRET, else the shared one: every instance signs and checks tokens alike. */
export async function resolveJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  return configured ?? sharedSecret(db, 'jwt', randomKey);
}

/** The key that signs links mailed to members (one-click unsubscribe). */
export const resolveLinkKey = (db: Database) => sharedSecret(db, 'links', randomKey);

/** The server's VAPID key pair (base64url), which push services check every push against. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair. Devices subscribe with its public key, so a pair replaced later would
 * orphan every subscription: it is made once and kept.
 */
export async function resolveVapidKeys(db: Database): Promise<VapidKeys> {
  return JSON.parse(await sharedSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}
