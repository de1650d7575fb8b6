import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import type { UpdateProfileInput } from '@tolk/shared/schemas/profile';

export function createProfilesRepository(db: Database) {
  async function find(accountId: string) {
    const [row] = await db
      .select({
        username: accounts.username,
        displayName: accounts.displayName,
        language: accounts.language,
        bio: profiles.bio,
        interests: profiles.interests,
        languagesSpoken: profiles.languagesSpoken,
        languagesLearning: profiles.languagesLearning,
        homeCity: profiles.homeCity,
        homeCountry: profiles.homeCountry,
        birthYear: profiles.birthYear,
        sex: profiles.sex,
        visibility: profiles.visibility,
      })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(accounts.id, accountId))
      .limit(1);
    return row;
  }

  return {
    find,

    async update(accountId: string, input: UpdateProfileInput) {
      const { displayName, language, ...profile } = input;
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
  };
}
