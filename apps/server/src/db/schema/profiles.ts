import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { uploads } from './uploads';

export interface SpokenLanguage {
  code: string;
  level: 'basic' | 'conversational' | 'fluent' | 'native';
}

export const profiles = pgTable('profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  interests: jsonb('interests').$type<string[]>().notNull().default([]),
  languagesSpoken: jsonb('languages_spoken').$type<SpokenLanguage[]>().notNull().default([]),
  languagesLearning: jsonb('languages_learning').$type<string[]>().notNull().default([]),
  homeCity: text('home_city').notNull().default(''),
  homeCountry: text('home_country').notNull().default(''),
  birthYear: integer('birth_year'),
  sex: text('sex').$type<'female' | 'male' | 'other'>(),
  visibility: text('visibility').$type<'public' | 'members' | 'private'>().notNull().default('members'),
  /** The profile photo: a square upload (avatars.service.ts), shown to members of the same tenant. */
  avatarId: uuid('avatar_id').references(() => uploads.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
