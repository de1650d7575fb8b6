import { z } from 'zod';
import { textSchema } from './text';
import { photoSchema } from './conversations';
import { recordMeta, recordName, recordPageSchema, recordText, recordVersion } from './records';

const isoDate = z.iso.date('A date such as 2026-12-24.');

/** How many languages a person met may have, and how long "where we met" may be. */
export const PERSON_LANGUAGES_MAX = 10;
export const PERSON_MET_WHERE_MAX = 200;

/** Someone I met: private to me. */
export const personInputSchema = z.object({
  name: recordName,
  description: recordText,
  note: recordText,
  photoId: z.uuid().nullable().default(null),
  /** Where we met: one of my places, or in words. */
  metPlaceId: z.uuid().nullable().default(null),
  metWhere: textSchema(PERSON_MET_WHERE_MAX).default(''),
  metOn: isoDate.nullable().default(null),
  /** Language codes they speak. */
  languages: z
    .array(z.string().min(2).max(12))
    .max(PERSON_LANGUAGES_MAX, `At most ${PERSON_LANGUAGES_MAX} languages.`)
    .default([]),
  /** Their Tolk account in my community, by username: then Message and Profile open from the record. */
  username: z.string().trim().max(64).nullable().default(null),
});
export type PersonInput = z.input<typeof personInputSchema>;
export const personUpdateSchema = personInputSchema.extend({ version: recordVersion });
export type PersonUpdate = z.input<typeof personUpdateSchema>;

export const personSchema = z.object({
  ...recordMeta,
  name: z.string(),
  description: z.string(),
  note: z.string(),
  photo: photoSchema.nullable(),
  metPlace: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  metWhere: z.string(),
  metOn: z.string().nullable(),
  languages: z.array(z.string()),
  account: z
    .object({ id: z.uuid(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })
    .nullable(),
});
export type Person = z.infer<typeof personSchema>;
export const personsPageSchema = recordPageSchema(personSchema);
export type PersonsPage = z.infer<typeof personsPageSchema>;
