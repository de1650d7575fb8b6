import type { Profile, UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Database } from '../../db/client';
import { fieldError } from '../../errors';
import { createAccountsService, type AccountCreated } from '../accounts';
import { cityById } from '../cities';
import { detectLanguage } from '../translation';
import { createProfilesRepository, type ProfileValues } from './profiles.repository';

/**
 * Members' profiles: their own page, and what other modules ask of them (a new account's empty
 * profile, connect's "active lately"). The profile's table is written here only; the name and
 * language it shows are the account's, changed through the accounts service.
 */
export function createProfilesService(db: Database) {
  const profiles = createProfilesRepository(db);
  return {
    find: (accountId: string): Promise<Profile | undefined> => profiles.find(accountId),

    /**
     * Changes what was given. A home city is one of the bundled list (its coordinates are kept
     * for distances, never shown); a bio's language is detected when not given.
     */
    async update(accountId: string, input: UpdateProfileInput): Promise<Profile | undefined> {
      const { displayName, language, homeCityId, ...rest } = input;
      const profile: ProfileValues = { ...rest };
      // Discovery compares codes with `&&`: they are kept beside the lists.
      if (rest.languagesSpoken) profile.spokenCodes = rest.languagesSpoken.map((language) => language.code);
      if (rest.languagesLearning) profile.learningCodes = rest.languagesLearning;
      if (homeCityId !== undefined) {
        const city = homeCityId === null ? null : cityById(homeCityId);
        if (city === undefined) throw fieldError('homeCityId', SERVER_MESSAGES.notACity);
        Object.assign(profile, { homeCityId, homeLat: city?.lat ?? null, homeLon: city?.lon ?? null });
      }
      if (rest.bio !== undefined && rest.bioLanguage === undefined) {
        profile.bioLanguage = rest.bio
          ? detectLanguage(rest.bio, { fallback: language ?? (await profiles.accountLanguage(accountId)) }).language
          : '';
      }
      await db.transaction(async (tx) => {
        if (displayName !== undefined || language !== undefined) {
          await createAccountsService(tx).setNameAndLanguage(accountId, { displayName, language });
        }
        if (Object.keys(profile).length) await createProfilesRepository(tx).change(accountId, profile);
      });
      return profiles.find(accountId);
    },

    /** A new account's profile, empty. */
    createEmpty: (accountId: string): Promise<void> => profiles.create(accountId),

    /** Marks the member active now; at most one write a minute per member. */
    touch: (accountId: string): Promise<void> => profiles.touch(accountId),
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

/** Every account's empty profile, made in the transaction that creates the account (AccountCreated). */
export const emptyProfile: AccountCreated = (tx, accountId) => createProfilesService(tx).createEmpty(accountId);
