import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Database } from '../../db/client';
import type { OwnerScope, RecordColumns } from './keyset';

/** A record table: the columns every kind has (keyset.ts), and the version an edit is made from. */
export type RecordTable = PgTable & Record<keyof RecordColumns | 'version', PgColumn>;

/** What every stored record is, whatever else its kind keeps. */
export interface StoredRecord {
  id: string;
  tenantId: string;
  ownerId: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Whose record: the tenant and account a record (and so its photos) belongs to. */
export type RecordOwner = Pick<OwnerScope, 'tenantId' | 'ownerId'>;
/** The member writing: their scope, and the language a text is in when they do not say. */
export type RecordWriter = OwnerScope & { language: string };

/** A query of a kind's rows that the records repository narrows, orders and limits. */
export interface RecordQuery<Row> extends PromiseLike<Row[]> {
  where(where: SQL | undefined): RecordQuery<Row>;
  orderBy(...keys: SQL[]): RecordQuery<Row>;
  limit(limit: number): RecordQuery<Row>;
}

/** How a kind's rows are read: its table alone, or with what is joined beside each row. */
export interface RecordRead<Row> {
  /** The rows with `cursorKey` beside them: a list's sort key, empty elsewhere. */
  select(db: Database, cursorKey: SQL<string>): RecordQuery<Row & { cursorKey: string }>;
  /** Whether a row is more than its table's (then a write reads it back instead of returning it). */
  joined: boolean;
}

/** A kind's operations in the OpenAPI document, and the schemas of `packages/shared` they use. */
export interface RecordApi<Item, Input> {
  /** The collection: `/api/<name>`, its tag, its part of the export. */
  name: 'persons' | 'places' | 'things';
  /** One record in the summaries: "Add a person". */
  one: string;
  summaries: { list: string; get: string };
  item: z.ZodType<Item>;
  page: z.ZodType<{ items: Item[]; nextCursor: string | null }>;
  input: z.ZodType<Input>;
  update: z.ZodType<Input & { version: number }>;
  /**
   * The CSV export: its headers, a space apart, each the snake_case name of the record's field
   * it shows unless `csvValues` reads that column otherwise.
   */
  csv: string;
  csvValues?: Record<string, (item: Item) => unknown>;
}

/**
 * One kind of record (people, places, things): its table, how a row is read and shown, and the
 * rules its values are checked by. The records repository, service and routes are written once
 * for every kind; a kind says only what is its own. `Deps` are what its rules ask of others.
 */
export interface RecordKind<Row extends StoredRecord, Item, Input, Values, Deps = object> {
  table: RecordTable;
  read: RecordRead<Row>;
  /** The record as a 404 names it: "Person not found." */
  noun: string;
  /** Why an edit from an older version is refused (409). */
  conflict: string;
  /** The uploads a row shows (one lookup per owner for a whole page). */
  photoIdsOf: (row: Row) => readonly string[];
  /** A row as the API shows it, its photos among `photos` (those still there). */
  itemOf: (row: Row, photos: ReadonlyMap<string, Photo>) => Item;
  /**
   * The values to store from what a member sent, each checked against the record's owner (a
   * superadmin editing a member's record checks against that member); a field error otherwise.
   */
  valuesOf: (owner: RecordOwner, input: Input, context: RecordContext<Deps>) => Promise<Values>;
  api: RecordApi<Item, Input>;
}

/** What a kind's rules may ask while they check a write. */
export type RecordContext<Deps> = Deps & {
  writer: RecordWriter;
  /** Whether every one of these uploads is the record owner's own. */
  photosAreOwn(ids: readonly string[]): Promise<boolean>;
};

/** The values a kind stores: its table's, less what the records repository sets itself. */
export type RecordValues<T extends PgTable> = Omit<
  T['$inferInsert'],
  'id' | 'tenantId' | 'ownerId' | 'version' | 'createdAt' | 'updatedAt'
>;

/** Names a kind, its types inferred from what it says. */
export const recordKind = <Row extends StoredRecord, Item, Input, Values, Deps = object>(
  kind: RecordKind<Row, Item, Input, Values, Deps>,
) => kind;
