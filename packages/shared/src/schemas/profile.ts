import { z } from 'zod';
import { displayNameSchema, languageCodeSchema } from './auth';

export const LANGUAGE_LEVELS = ['basic', 'conversational', 'fluent', 'native'] as const;
export const PROFILE_VISIBILITIES = ['public', 'members', 'private'] as const;
export const SEXES = ['female', 'male', 'other'] as const;

const shortText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const spokenLanguageSchema = z.object({
  code: languageCodeSchema,
  level: z.enum(LANGUAGE_LEVELS),
});

export const profileSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  language: z.string(),
  bio: z.string(),
  interests: z.array(z.string()),
  languagesSpoken: z.array(spokenLanguageSchema),
  languagesLearning: z.array(z.string()),
  homeCity: z.string(),
  homeCountry: z.string(),
  birthYear: z.number().int().nullable(),
  sex: z.enum(SEXES).nullable(),
  visibility: z.enum(PROFILE_VISIBILITIES),
  /** The profile photo (256 px square; PUT or DELETE /api/profile/avatar), null when there is none. */
  avatarUrl: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const thisYear = new Date().getUTCFullYear();

export const updateProfileInputSchema = z
  .object({
    displayName: displayNameSchema,
    language: languageCodeSchema,
    bio: shortText(1000),
    interests: z.array(shortText(40).min(1)).max(30, 'At most 30 interests.'),
    languagesSpoken: z.array(spokenLanguageSchema).max(20),
    languagesLearning: z.array(languageCodeSchema).max(20),
    homeCity: shortText(100),
    homeCountry: shortText(100),
    birthYear: z
      .number()
      .int()
      .min(thisYear - 120, 'Not a plausible birth year.')
      .max(thisYear - 13, 'Members must be at least 13.')
      .nullable(),
    sex: z.enum(SEXES).nullable(),
    visibility: z.enum(PROFILE_VISIBILITIES),
  })
  .partial();
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;
