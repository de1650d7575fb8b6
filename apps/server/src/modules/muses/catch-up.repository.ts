import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { groupCommit } from '../../db/group-commit';
import { uuidArray } from '../../db/uuid';
import { accounts } from '../../db/schema/accounts';
import { conversationMembers, muses, museTranslations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { uploads } from '../../db/schema/uploads';
import {
  type MuseRecord,
  type TranslationRow,
  blockedReadersOf,
  fromDriverRow,
  museRecordFromRaw,
  translationFields,
} from './muse-records';

interface CatchUpKey {
  conversationId: string;
  after: number;
  limit: number;
}

/** A page of muses for every reader of a conversation (catchUpPage). */
export interface CatchUpPage {
  rows: (MuseRecord & { hiddenFrom: string[] })[];
  hasMore: boolean;
  translations: TranslationRow[];
}

/** A socket's catch-up as it joins (muses.socket.ts): the pages of muses it missed. */
export function createCatchUpRepository(db: Database) {
  // After a restart every socket of a conversation asks for the same page as it joins. The joins
  // asked for together are read in one statement, each page once, with its muses' translations in
  // every language and, for each muse, the readers it is hidden from (instead of filtering for one
  // reader); made after each of them had joined its rooms, so none misses an edit made in between.
  const catchUpReads = groupCommit(
    async (keys: CatchUpKey[]): Promise<CatchUpPage[]> => {
      const keyOf = (key: CatchUpKey) => `${key.conversationId} ${key.after} ${key.limit}`;
      const distinct = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select k.i::int as page_index, m.* from unnest(
            ${uuidArray(distinct.map((key) => key.conversationId))}::uuid[],
            ${`{${distinct.map((key) => key.after).join(',')}}`}::int[],
            ${`{${distinct.map((key) => key.limit).join(',')}}`}::int[]
          ) with ordinality as k(c, a, l, i)
          cross join lateral (
            select mu.*, cm.guest_name as sender_guest_name, cm.side as sender_member_side,
              a.username as sender_username, a.display_name as sender_account_display_name,
              p.avatar_id as sender_avatar_id, u.width as photo_width, u.height as photo_height,
              ${blockedReadersOf(sql`mu.conversation_id`, sql`cm.account_id`)} as hidden_from,
              (select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) from ${museTranslations} t where t.muse_id = mu.id)
                as translations
            from ${muses} mu
            join ${conversationMembers} cm on cm.id = mu.sender_member_id
            left join ${accounts} a on a.id = cm.account_id
            left join ${profiles} p on p.account_id = cm.account_id
            left join ${uploads} u on u.id = mu.photo_id
            where mu.conversation_id = k.c and mu.seq > k.a
            order by mu.seq limit k.l + 1
          ) m
          order by k.i, m.seq`,
      );
      const pages = distinct.map((): CatchUpPage => ({ rows: [], hasMore: false, translations: [] }));
      for (const raw of rows) {
        const index = (raw.page_index as number) - 1;
        const page = pages[index]!;
        if (page.rows.length === distinct[index]!.limit) {
          page.hasMore = true;
          continue;
        }
        page.rows.push({ ...museRecordFromRaw(raw), hiddenFrom: raw.hidden_from as string[] });
        for (const translation of raw.translations as Record<string, unknown>[]) {
          page.translations.push(fromDriverRow(translationFields, translation));
        }
      }
      const byKey = new Map(distinct.map((key, index) => [keyOf(key), pages[index]!]));
      return keys.map((key) => byKey.get(keyOf(key))!);
    },
    { maxBatch: 500 },
  );

  return {
    /**
     * The muses after `after` (at most `limit`, and whether there are more) as every reader sees
     * them, for a socket's catch-up as it joins: each with `hiddenFrom`, the live members with a
     * block between them and its sender (whom it must not reach), and with its translations in
     * every language.
     */
    catchUpPage(conversationId: string, after: number, limit: number): Promise<CatchUpPage> {
      return catchUpReads.submit({ conversationId: conversationId.toLowerCase(), after, limit });
    },
  };
}
