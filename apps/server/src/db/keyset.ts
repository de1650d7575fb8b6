import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fieldError } from '../errors';

/** What a cursor's id may look like, checked before it reaches SQL (a bad cast would be a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BIGINT = /^[1-9]\d{0,17}$/;
/** A timestamptz as PostgreSQL writes it as text: 2026-05-01 10:00:00.123456+00. */
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

/** How a list's sort key and tie-breaking id are read back from a cursor into SQL. */
export const KEY_TYPES = {
  timestamp: { cast: sql`::timestamptz`, pattern: TIMESTAMP },
  text: { cast: sql``, pattern: /^[\s\S]*$/ },
  bigint: { cast: sql`::bigint`, pattern: BIGINT },
} as const;
export const ID_TYPES = {
  uuid: { cast: sql`::uuid`, pattern: UUID },
  bigint: { cast: sql`::bigint`, pattern: BIGINT },
} as const;

export interface KeysetOptions {
  /** Names the list and its order: a cursor of another list or order is refused. */
  tag: string;
  /** The sort key, read along an index together with `id`. */
  key: SQL;
  keyType: keyof typeof KEY_TYPES;
  id: AnyColumn;
  idType: keyof typeof ID_TYPES;
  ascending: boolean;
  cursor: string | undefined;
  limit: number;
}

interface Cursor {
  key: string;
  id: string;
}

const encode = (tag: string, cursor: Cursor) =>
  Buffer.from(JSON.stringify([tag, cursor.key, cursor.id])).toString('base64url');

function decode(value: string, options: KeysetOptions): Cursor {
  try {
    const [tag, key, id] = JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown[];
    if (
      tag === options.tag &&
      typeof key === 'string' &&
      typeof id === 'string' &&
      KEY_TYPES[options.keyType].pattern.test(key) &&
      ID_TYPES[options.idType].pattern.test(id)
    ) {
      return { key, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw fieldError('cursor', 'Not a cursor of this list.');
}

/**
 * A keyset page: rows after the cursor in (key, id) order, so rows added or changed while someone
 * pages never repeat or skip one. The cursor keeps the sort key as the database wrote it
 * (timestamps to the microsecond, not JavaScript's millisecond).
 */
export function keyset(options: KeysetOptions) {
  const { key, id, ascending, limit } = options;
  const after = options.cursor ? decode(options.cursor, options) : null;
  const keyCast = KEY_TYPES[options.keyType].cast;
  const idCast = ID_TYPES[options.idType].cast;
  return {
    /** The condition "after the cursor", or undefined on the first page. */
    after: after
      ? ascending
        ? sql`(${key}, ${id}) > (${after.key}${keyCast}, ${after.id}${idCast})`
        : sql`(${key}, ${id}) < (${after.key}${keyCast}, ${after.id}${idCast})`
      : undefined,
    orderBy: ascending ? [sql`${key} asc`, sql`${id} asc`] : [sql`${key} desc`, sql`${id} desc`],
    /** One row more than the page, to know whether another follows. */
    take: limit + 1,
    /** The key as text, selected beside each row for the next cursor. */
    keyColumn: sql<string>`(${key})::text`,
    /** The page and the cursor of the next one, from rows read with `take` and `keyColumn`. */
    page: <T extends { id: string | number; cursorKey: string }>(
      rows: T[],
    ): { rows: T[]; nextCursor: string | null } => {
      if (rows.length <= limit) return { rows, nextCursor: null };
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1]!;
      return { rows: shown, nextCursor: encode(options.tag, { key: last.cursorKey, id: String(last.id) }) };
    },
  };
}
