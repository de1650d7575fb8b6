import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';
import { INTERESTS, INTERESTS_MAX } from '../interests';
import { displayNameSchema, languageCodeSchema } from './auth';
import { cityRefSchema } from './cities';

/** From the most to the least at home in a language. */
/** How many languages a profile lists as spoken, and as learning. */
export const PROFILE_LANGUAGES_MAX = 20;

export const LANGUAGE_LEVELS = ['native', 'fluent', 'conversational', 'beginner'] as const;
/** Who finds the connect profile: everyone in the tenant, only connections, nobody. */
export const PROFILE_VISIBILITIES = ['everyone', 'connections', 'hidden'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
/** Who may open a direct conversation with the member. */
export const MESSAGE_POLICIES = ['everyone', 'connections'] as const;
export const BIO_MAX = 1000;
export const SEXES = ['female', 'male', 'other'] as const;

const shortText = (max: number) => textSchema(max);

export const spokenLanguageSchema = z.object({
  code: languageCodeSchema,
  level: z.enum(LANGUAGE_LEVELS),
});

export const profileSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  language: z.string(),
  bio: z.string(),
  /** The language the bio is written in ('' while there is no bio). */
  bioLanguage: z.string(),
  interests: z.array(z.string()),
  languagesSpoken: z.array(spokenLanguageSchema),
  languagesLearning: z.array(z.string()),
  homeCity: cityRefSchema.nullable(),
  /** The member's own birth year: only they see it; others see an age. */
  birthYear: z.number().int().nullable(),
  sex: z.enum(SEXES).nullable(),
  visibility: z.enum(PROFILE_VISIBILITIES),
  messagePolicy: z.enum(MESSAGE_POLICIES),
  /** The profile photo (256 px square; PUT or DELETE /api/profile/avatar), null when there is none. */
  avatarUrl: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const thisYear = new Date().getUTCFullYear();

export const updateProfileInputSchema = z
  .object({
    displayName: displayNameSchema,
    language: languageCodeSchema,
    bio: shortText(BIO_MAX),
    /** Detected from the bio when left out. */
    bioLanguage: languageCodeSchema,
    interests: z
      .array(z.enum(INTERESTS, 'Not an interest of the list.'))
      .max(INTERESTS_MAX, `At most ${INTERESTS_MAX} interests.`),
    languagesSpoken: z.array(spokenLanguageSchema).max(PROFILE_LANGUAGES_MAX),
    languagesLearning: z.array(languageCodeSchema).max(PROFILE_LANGUAGES_MAX),
    /** A city of GET /api/cities, or null for none. */
    homeCityId: z.number().int().positive().max(INT4_MAX).nullable(),
    birthYear: z
      .number()
      .int()
      .min(thisYear - 120, 'Not a plausible birth year.')
      .max(thisYear - 13, 'Members must be at least 13.')
      .nullable(),
    sex: z.enum(SEXES).nullable(),
    visibility: z.enum(PROFILE_VISIBILITIES),
    messagePolicy: z.enum(MESSAGE_POLICIES),
  })
  .partial();
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;
