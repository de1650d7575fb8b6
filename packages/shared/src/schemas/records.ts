import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';

/**
 * What people, places and things share: names and texts within one limit each, a list query
 * (search, sort, cursor) and its page, and the version a form was loaded with (a stale write is
 * refused with 409, never silently lost).
 */
export const RECORD_NAME_MAX = 120;
export const RECORD_TEXT_MAX = 2000;
export const RECORD_SEARCH_MAX = 100;
export const RECORDS_PAGE_SIZE = 20;
export const RECORDS_PAGE_MAX = 50;
/** Photos of one thing. */
export const THING_PHOTOS_MAX = 6;

export const recordName = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(RECORD_NAME_MAX, `At most ${RECORD_NAME_MAX} characters.`);
export const recordText = textSchema(RECORD_TEXT_MAX).default('');

/** Newest first, by name, or last changed first. */
export const RECORD_SORTS = ['recent', 'name', 'updated'] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export const recordsQuerySchema = z.object({
  q: textSchema(RECORD_SEARCH_MAX).optional(),
  sort: z.enum(RECORD_SORTS).default('recent'),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(RECORDS_PAGE_MAX).optional(),
});
export type RecordsQuery = z.input<typeof recordsQuerySchema>;
/** The query as the server reads it, defaults applied. */
export type RecordsListQuery = z.output<typeof recordsQuerySchema>;

export const recordPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** The version an edit was made from: the server refuses it (409) when the record has moved on. */
export const recordVersion = z.number().int().min(1).max(INT4_MAX);

/** Shared by every record as it is read back. */
export const recordMeta = {
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
