import { noBlockBetween } from '../reach';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import { uploads } from '../../db/schema/uploads';
import type { Profile } from '@tolk/shared/schemas/profile';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { cityById, cityRef } from '../cities';

/** Profile columns a member changes (the service checks and derives them). */
export type ProfileValues = Partial<Omit<typeof profiles.$inferInsert, 'accountId'>>;

export function createProfilesRepository(db: Database) {
  async function find(accountId: string): Promise<Profile | undefined> {
    const [row] = await db
      .select({
        username: accounts.username,
        displayName: accounts.displayName,
        language: accounts.language,
        bio: profiles.bio,
        interests: profiles.interests,
        languagesSpoken: profiles.languagesSpoken,
        languagesLearning: profiles.languagesLearning,
        bioLanguage: profiles.bioLanguage,
        homeCityId: profiles.homeCityId,
        birthYear: profiles.birthYear,
        sex: profiles.sex,
        visibility: profiles.visibility,
        messagePolicy: profiles.messagePolicy,
        avatarId: profiles.avatarId,
      })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (!row) return undefined;
    const { avatarId, homeCityId, ...profile } = row;
    const city = homeCityId === null ? undefined : cityById(homeCityId);
    return { ...profile, homeCity: city ? cityRef(city) : null, avatarUrl: avatarUrlOf(avatarId) };
  }

  return {
    find,

    /** A new account's profile, empty. */
    async create(accountId: string): Promise<void> {
      await db.insert(profiles).values({ accountId });
    },

    /** The language of the member's account: a bio's language is detected against it. */
    async accountLanguage(accountId: string): Promise<string | undefined> {
      const [account] = await db
        .select({ language: accounts.language })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return account?.language;
    },

    async change(accountId: string, values: ProfileValues): Promise<void> {
      await db
        .update(profiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(profiles.accountId, accountId));
    },

    /**
     * The profile's current avatar, its row held until the transaction ends so two changes at once
     * cannot leave an orphan; undefined when the account has no profile.
     */
    async lockAvatar(accountId: string): Promise<{ avatarId: string | null } | undefined> {
      const [row] = await db
        .select({ avatarId: profiles.avatarId })
        .from(profiles)
        .where(eq(profiles.accountId, accountId))
        .for('update');
      return row;
    },

    async setAvatar(accountId: string, avatarId: string | null): Promise<void> {
      await db.update(profiles).set({ avatarId, updatedAt: new Date() }).where(eq(profiles.accountId, accountId));
    },

    /** Marks the member active now; at most one write a minute per member. */
    async touch(accountId: string): Promise<void> {
      await db
        .update(profiles)
        .set({ lastActiveAt: new Date() })
        .where(
          and(
            eq(profiles.accountId, accountId),
            or(isNull(profiles.lastActiveAt), sql`${profiles.lastActiveAt} < now() - interval '1 minute'`),
          ),
        );
    },

    /**
     * The files of a current avatar, when `reader` may see it: its owner's tenant is the reader's
     * (superadmins see every tenant's). Old and removed avatars are gone, so they are not found.
     */
    async findAvatar(avatarId: string, reader: { tenantId: string; accountId: string; superAdmin: boolean }) {
      // Across a block neither sees the other's picture (reach/reach.ts); superadmins see all.
      const sameTenant: SQL | undefined = reader.superAdmin
        ? undefined
        : and(eq(accounts.tenantId, reader.tenantId), noBlockBetween(accounts.id, reader.accountId));
      const [row] = await db
        .select({ storageKey: uploads.storageKey, thumbKey: uploads.thumbKey })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.accountId))
        .innerJoin(uploads, and(eq(uploads.id, profiles.avatarId), eq(uploads.ownerId, profiles.accountId)))
        .where(and(eq(profiles.avatarId, avatarId), sameTenant))
        .limit(1);
      return row;
    },
  };
}
