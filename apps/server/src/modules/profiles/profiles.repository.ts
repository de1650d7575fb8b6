import { noBlockBetween } from '../reach';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import { uploads } from '../../db/schema/uploads';
import type { Profile, UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { fieldError } from '../../errors';
import { cityById, cityRef } from '../cities';
import { detectLanguage } from '../translation';

/** The storage keys of an avatar that was replaced or removed, for its files to go too. */
export interface AvatarFiles {
  storageKey: string;
  thumbKey: string;
}

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

  /**
   * Points the account's profile at `avatarId` (or at nothing) and deletes the upload it pointed at
   * before, both under the profile's row lock so two changes at once cannot leave an orphan.
   */
  async function swapAvatar(
    accountId: string,
    next: typeof uploads.$inferInsert | null,
  ): Promise<AvatarFiles | undefined> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({ avatarId: profiles.avatarId })
        .from(profiles)
        .where(eq(profiles.accountId, accountId))
        .for('update');
      if (!current) return undefined;
      let avatarId: string | null = null;
      if (next) {
        const [row] = await tx.insert(uploads).values(next).returning({ id: uploads.id });
        if (!row) throw new Error('avatar insert returned nothing');
        avatarId = row.id;
      }
      await tx.update(profiles).set({ avatarId, updatedAt: new Date() }).where(eq(profiles.accountId, accountId));
      if (!current.avatarId) return undefined;
      const [old] = await tx
        .delete(uploads)
        .where(and(eq(uploads.id, current.avatarId), eq(uploads.ownerId, accountId)))
        .returning({ storageKey: uploads.storageKey, thumbKey: uploads.thumbKey });
      return old;
    });
  }

  return {
    find,

    /**
     * Changes what was given. A home city is one of the bundled list (its coordinates are kept
     * for distances, never shown); a bio's language is detected when not given.
     */
    async update(accountId: string, input: UpdateProfileInput) {
      const { displayName, language, homeCityId, ...rest } = input;
      const profile: Partial<typeof profiles.$inferInsert> = { ...rest };
      // Discovery compares codes with `&&`: they are kept beside the lists.
      if (rest.languagesSpoken) profile.spokenCodes = rest.languagesSpoken.map((language) => language.code);
      if (rest.languagesLearning) profile.learningCodes = rest.languagesLearning;
      if (homeCityId !== undefined) {
        const city = homeCityId === null ? null : cityById(homeCityId);
        if (city === undefined) throw fieldError('homeCityId', SERVER_MESSAGES.notACity);
        Object.assign(profile, { homeCityId, homeLat: city?.lat ?? null, homeLon: city?.lon ?? null });
      }
      if (rest.bio !== undefined && rest.bioLanguage === undefined) {
        const [account] = await db
          .select({ language: accounts.language })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        profile.bioLanguage = rest.bio
          ? detectLanguage(rest.bio, { fallback: language ?? account?.language }).language
          : '';
      }
      await db.transaction(async (tx) => {
        if (displayName !== undefined || language !== undefined) {
          await tx
            .update(accounts)
            .set({ displayName, language, updatedAt: new Date() })
            .where(eq(accounts.id, accountId));
        }
        if (Object.keys(profile).length) {
          await tx
            .update(profiles)
            .set({ ...profile, updatedAt: new Date() })
            .where(eq(profiles.accountId, accountId));
        }
      });
      return find(accountId);
    },

    /** Stores a new avatar for the account; answers the files of the one it replaced. */
    setAvatar: (accountId: string, upload: typeof uploads.$inferInsert) => swapAvatar(accountId, upload),

    /** Removes the account's avatar; answers its files. */
    clearAvatar: (accountId: string) => swapAvatar(accountId, null),

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
