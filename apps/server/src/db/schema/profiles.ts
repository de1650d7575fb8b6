// Tables of module profiles: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { uploads } from './uploads';
import { timestamptz } from './times';

export interface SpokenLanguage {
  code: string;
  level: 'native' | 'fluent' | 'conversational' | 'beginner';
}

/**
 * A member's connect profile: what others in their tenant see of them (connect.service.ts), with
 * the exact home coordinates and birth year that never leave the server.
 */
export const profiles = pgTable(
  'profiles',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    languagesSpoken: jsonb('languages_spoken').$type<SpokenLanguage[]>().notNull().default([]),
    languagesLearning: jsonb('languages_learning').$type<string[]>().notNull().default([]),
    /** The codes of languagesSpoken and languagesLearning, kept beside them for discovery's `&&`. */
    spokenCodes: text('spoken_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    learningCodes: text('learning_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The language the bio is written in: what readers' copies are translated from. */
    bioLanguage: text('bio_language').notNull().default(''),
    /** A city of the bundled list (modules/cities), with its coordinates for distances. */
    homeCityId: integer('home_city_id'),
    homeLat: doublePrecision('home_lat'),
    homeLon: doublePrecision('home_lon'),
    birthYear: integer('birth_year'),
    sex: text('sex').$type<'female' | 'male' | 'other'>(),
    visibility: text('visibility').$type<'everyone' | 'connections' | 'hidden'>().notNull().default('everyone'),
    messagePolicy: text('message_policy').$type<'everyone' | 'connections'>().notNull().default('everyone'),
    lastActiveAt: timestamptz('last_active_at'),
    /** The profile photo: a square upload (avatars.service.ts), shown to members of the same tenant. */
    avatarId: uuid('avatar_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('profiles_spoken_codes_idx').using('gin', t.spokenCodes).with({ fastupdate: false }),
    index('profiles_learning_codes_idx').using('gin', t.learningCodes).with({ fastupdate: false }),
    index('profiles_interests_idx').using('gin', t.interests).with({ fastupdate: false }),
    index('profiles_home_city_idx').on(t.homeCityId),
    // "Within N km": a band of latitude first, read from this index, then the circle.
    index('profiles_home_lat_idx').on(t.homeLat),
    index('profiles_active_idx').on(t.lastActiveAt),
  ],
);
