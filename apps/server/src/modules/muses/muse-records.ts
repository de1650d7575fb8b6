// The rows of conversations, members, muses and translations as the muses module reads them,
// and the column sets and mappers both of its repositories share.
import { blockBetween } from '../reach';
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import type { conversations } from '../../db/schema/conversations';
import { conversationMembers, muses, museTranslations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { uploads } from '../../db/schema/uploads';

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MuseRow = typeof muses.$inferSelect;
export type TranslationRow = typeof museTranslations.$inferSelect;

/** A member with the name to show: the account's, or the guest's own. */
export interface MemberView extends MemberRow {
  username: string;
  displayName: string;
  /** The account's profile photo; null for guests and members without one. */
  avatarId: string | null;
}

/** A muse joined with what a reader needs to see it. */
export interface MuseRecord extends MuseRow {
  senderUsername: string;
  senderDisplayName: string;
  senderAvatarId: string | null;
  senderSide: string | null;
  photo: { id: string; width: number; height: number } | null;
}

export const memberColumns = {
  member: conversationMembers,
  username: accounts.username,
  accountDisplayName: accounts.displayName,
  avatarId: profiles.avatarId,
};

export function toMemberView(row: {
  member: MemberRow;
  username: string | null;
  accountDisplayName: string | null;
  avatarId: string | null;
}) {
  return {
    ...row.member,
    username: row.username ?? '',
    displayName: row.member.guestName ?? row.accountDisplayName ?? '',
    avatarId: row.avatarId,
  } satisfies MemberView;
}

export const museColumns = {
  muse: muses,
  username: accounts.username,
  accountDisplayName: accounts.displayName,
  avatarId: profiles.avatarId,
  guestName: conversationMembers.guestName,
  side: conversationMembers.side,
  photoId: uploads.id,
  photoWidth: uploads.width,
  photoHeight: uploads.height,
};

type MuseJoinRow = {
  muse: MuseRow;
  username: string | null;
  accountDisplayName: string | null;
  avatarId: string | null;
  guestName: string | null;
  side: string | null;
  photoId: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
};

export function toMuseRecord(row: MuseJoinRow): MuseRecord {
  return {
    ...row.muse,
    senderUsername: row.username ?? '',
    senderDisplayName: row.guestName ?? row.accountDisplayName ?? '',
    senderAvatarId: row.avatarId,
    senderSide: row.muse.side ?? row.side,
    photo:
      row.photoId && row.photoWidth !== null && row.photoHeight !== null
        ? { id: row.photoId, width: row.photoWidth, height: row.photoHeight }
        : null,
  };
}

/** Who reads a conversation, for fan-out (no member rows, no names). */
export interface Audience {
  /** The distinct (reading language, languages read without translation) of its live members. */
  readers: { language: string; readsWithout: string[] }[];
  /** A plaza's two languages; empty for other conversations. */
  plaza: string[];
  /**
   * Accounts in the conversation with a block between them and the sender (either way): the
   * muse is not sent to them, live or in any list (reach/reach.ts).
   */
  hiddenFrom: string[];
}

/**
 * The audience's readers as one jsonb value, for the conversation whose id `conversationId`
 * names. Spelled out: drizzle leaves columns unqualified in a one-table select, and a bare "id"
 * inside the subquery would name the member's id.
 */
export function readersOf(conversationId: SQL) {
  return sql<[string, string[]][]>`(
    select coalesce(jsonb_agg(distinct jsonb_build_array(m.reading_language, m.reads_without)), '[]'::jsonb)
    from conversation_members m
    where m.conversation_id = ${conversationId} and m.left_at is null
  )`;
}

/**
 * The accounts of a conversation's live members with a block between them and the account
 * `senderAccountId` names (none for a plaza guest's muse), as a uuid[].
 */
export function blockedReadersOf(conversationId: SQL, senderAccountId: SQL) {
  return sql<string[]>`(
    select coalesce(array_agg(o.account_id::text), '{}'::text[])
    from conversation_members o
    where o.conversation_id = ${conversationId} and o.left_at is null and o.account_id is not null
      and ${blockBetween(sql`o.account_id`, senderAccountId)}
  )`;
}

export function toAudience(row: {
  readers: [string, string[]][];
  userLanguage: string | null;
  audienceLanguage: string | null;
  hiddenFrom?: string[] | null;
}): Audience {
  return {
    readers: row.readers.map(([language, readsWithout]) => ({ language, readsWithout })),
    plaza: [row.userLanguage, row.audienceLanguage].filter((l): l is string => !!l),
    hiddenFrom: row.hiddenFrom ?? [],
  };
}

export const museFields = getTableColumns(muses);
export const translationFields = getTableColumns(museTranslations);

/** A row of raw SQL (`returning *`) as drizzle's select would give it: property names, dates as Dates. */
export function fromDriverRow<T extends Record<string, Column>>(
  columns: T,
  raw: Record<string, unknown>,
): { [K in keyof T]: T[K]['_']['data'] | (T[K]['_']['notNull'] extends true ? never : null) } {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as never;
}

/**
 * A muse from raw SQL: the muse's own columns, its sender's as `sender_username`,
 * `sender_account_display_name`, `sender_avatar_id`, `sender_guest_name`, `sender_member_side`,
 * and its photo's size as `photo_width`, `photo_height`.
 */
export function museRecordFromRaw(raw: Record<string, unknown>): MuseRecord {
  return toMuseRecord({
    muse: fromDriverRow(museFields, raw),
    username: raw.sender_username as string | null,
    accountDisplayName: raw.sender_account_display_name as string | null,
    avatarId: raw.sender_avatar_id as string | null,
    guestName: raw.sender_guest_name as string | null,
    side: raw.sender_member_side as string | null,
    photoId: raw.photo_id as string | null,
    photoWidth: raw.photo_width as number | null,
    photoHeight: raw.photo_height as number | null,
  });
}
