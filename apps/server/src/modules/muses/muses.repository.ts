import { blockBetween, noBlockBetween } from '../reach';
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { executePrepared, queryRows, type Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { conversationMembers, conversations, muses, museTranslations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { uploads } from '../../db/schema/uploads';
import {
  type Audience,
  type MemberRow,
  type MuseRecord,
  museColumns,
  museRecordFromRaw,
  blockedReadersOf,
  readersOf,
  toAudience,
  toMuseRecord,
} from './muse-records';
import { createCatchUpRepository } from './catch-up.repository';
import { createConversationsRepository } from './conversations.repository';

export type {
  Audience,
  ConversationRow,
  MemberRow,
  MemberView,
  MuseRecord,
  MuseRow,
  TranslationRow,
} from './muse-records';

/** A member's unread muses in one conversation, for their notification. */
export interface UnreadNotice {
  memberId: string;
  accountId: string;
  group: boolean;
  title: string;
  museId: string;
  seq: number;
  senderAccountId: string;
  /** The last unread muse's text, in the member's reading language when `translated`. */
  text: string;
  translated: boolean;
  sourceLanguage: string;
  hasPhoto: boolean;
  unread: number;
}

/** Muses, their readings and their translations: the muses module's muse SQL. */
function createMuseRowsRepository(db: Database) {
  const museQuery = () =>
    db
      .select(museColumns)
      .from(muses)
      .innerJoin(conversationMembers, eq(conversationMembers.id, muses.senderMemberId))
      .leftJoin(accounts, eq(accounts.id, conversationMembers.accountId))
      .leftJoin(profiles, eq(profiles.accountId, conversationMembers.accountId))
      .leftJoin(uploads, eq(uploads.id, muses.photoId));

  /** A reader never gets the muses of a member with a block between them (a plaza guest reads all). */
  const visibleToReader = (readerAccountId: string | null) =>
    readerAccountId ? noBlockBetween(conversationMembers.accountId, readerAccountId) : undefined;

  const museStatement = museQuery()
    .where(eq(muses.id, sql.placeholder('id')))
    .prepare('conversations_find_muse');

  return {
    /**
     * For a conversation's notifications: each member (with an account, not a plaza's) who has
     * unread muses from others they have no block with, how many (up to 100), and the last of them
     * with its text in the member's reading language where a translation is ready.
     */
    async unreadNotices(
      conversationId: string,
      page: { after: string | null; limit: number },
    ): Promise<UnreadNotice[]> {
      // Whose muses a member is not told of (their own, and those of members with a block between
      // them) is found once per member, over the few members, so the muses are filtered by sender
      // alone: a block check per unread muse, with a young table's statistics, cost 165-250 ms a
      // call on PostgreSQL. The translation is looked up only for the muse each member is told of.
      const unread = sql`m.conversation_id = ${conversationId} and m.seq > cm.last_read_seq
        and m.deleted_at is null and m.sender_member_id <> all(quiet.ids)`;
      const rows = await queryRows<{
        member_id: string;
        account_id: string;
        kind: string;
        title: string;
        muse_id: string;
        seq: number;
        text: string;
        source_language: string;
        sender_account_id: string;
        translated: string | null;
        has_photo: boolean;
        unread: number;
      }>(
        db,
        sql`
        select cm.id as member_id, cm.account_id, c.kind, c.title, last.id as muse_id, last.seq, last.text,
          last.source_language, last.has_photo,
          (select s.account_id from ${conversationMembers} s where s.id = last.sender_member_id) as sender_account_id,
          (select t.text from ${museTranslations} t where t.muse_id = last.id and t.target_language = cm.reading_language
             and t.state = 'ready' and not t.stale) as translated,
          (select count(*) from (select 1 from ${muses} m where ${unread} order by m.seq desc limit 100) as u)::int as unread
        from ${conversationMembers} cm
        join ${conversations} c on c.id = cm.conversation_id
        cross join lateral (
          select array_agg(s.id) as ids from ${conversationMembers} s
          where s.conversation_id = cm.conversation_id
            and (s.id = cm.id or ${blockBetween(sql`s.account_id`, sql`cm.account_id`)})
        ) as quiet
        cross join lateral (
          select m.id, m.seq, m.text, m.source_language, m.sender_member_id, m.photo_id is not null as has_photo
          from ${muses} m where ${unread}
          order by m.seq desc limit 1
        ) as last
        where cm.conversation_id = ${conversationId} and cm.account_id is not null and cm.left_at is null
          and c.kind <> 'plaza' and cm.last_read_seq < c.last_seq
          ${page.after ? sql`and cm.id > ${page.after}::uuid` : sql``}
        order by cm.id
        limit ${page.limit}`,
      );
      return rows.map((row) => ({
        memberId: row.member_id,
        accountId: row.account_id,
        group: row.kind === 'group',
        title: row.title,
        museId: row.muse_id,
        seq: row.seq,
        senderAccountId: row.sender_account_id,
        text: row.translated ?? row.text,
        translated: row.translated !== null,
        sourceLanguage: row.source_language,
        hasPhoto: row.has_photo,
        unread: row.unread,
      }));
    },

    async lastMuses(conversationIds: string[], readerAccountId: string): Promise<MuseRecord[]> {
      if (!conversationIds.length) return [];
      const rows = await museQuery().where(
        and(
          inArray(muses.conversationId, conversationIds),
          visibleToReader(readerAccountId),
          sql`${muses.seq} = (select c.last_seq from conversations c where c.id = ${muses.conversationId})`,
        ),
      );
      return rows.map(toMuseRecord);
    },

    async findMuseByClientId(conversationId: string, senderMemberId: string, clientId: string) {
      const [row] = await museQuery().where(
        and(
          eq(muses.conversationId, conversationId),
          eq(muses.senderMemberId, senderMemberId),
          eq(muses.clientId, clientId),
        ),
      );
      return row ? toMuseRecord(row) : undefined;
    },

    /**
     * Appends a muse with the next sequence number, in one statement (no transaction around it),
     * checking on the way that the sender is a live member. Locking the conversation's row makes
     * concurrent senders queue, each reading the counter its predecessor left, so sequences stay
     * gapless; the counter moves only when the muse went in, so a repeated client id inserts
     * nothing and bumps nothing. Answers nothing when the sender is not a member; else the
     * sender's reading settings and, unless the client id was already stored, the muse as readers
     * see it and the conversation's audience, so neither sending nor fan-out needs another query.
     */
    async appendMuse(input: {
      conversationId: string;
      /** An account's membership, or a plaza guest's member row. */
      sender: { accountId: string } | { memberId: string };
      clientId: string;
      text: string;
      sourceLanguage: string;
      detectedLanguage: string | null;
      transliteration: string | null;
      photoId: string | null;
      /** A voice muse's recording and its length. */
      voice?: { id: string; durationMs: number } | null;
      side?: string | null;
    }): Promise<
      | {
          member: Pick<MemberRow, 'id' | 'readingLanguage' | 'readsWithout'>;
          appended: { record: MuseRecord; audience: Audience } | undefined;
          /** A direct conversation across a block: nothing was appended. */
          cutOff: boolean;
        }
      | undefined
    > {
      const who =
        'accountId' in input.sender
          ? sql`m.account_id = ${input.sender.accountId}::uuid`
          : sql`m.id = ${input.sender.memberId}::uuid`;
      const [raw] = await executePrepared<Record<string, unknown>>(
        db,
        'accountId' in input.sender ? 'muses_append_by_account' : 'muses_append_by_member',
        sql`
        with sender as (
          select m.id, m.account_id, m.reading_language, m.reads_without, m.guest_name, m.side, a.username,
            a.display_name, p.avatar_id
          from ${conversationMembers} m
          left join ${accounts} a on a.id = m.account_id
          left join ${profiles} p on p.account_id = m.account_id
          where m.conversation_id = ${input.conversationId} and m.left_at is null and ${who}
        ), cut_off as (
          -- A direct conversation across a block takes no more muses (reach/reach.ts).
          select exists (
            select 1 from sender
            join ${conversations} c on c.id = ${input.conversationId} and c.kind = 'direct'
            join ${conversationMembers} o on o.conversation_id = c.id and o.account_id <> sender.account_id
            where ${blockBetween(sql`o.account_id`, sql`sender.account_id`)}
          ) as yes
        ), target as (
          select id, last_seq from ${conversations}
          where id = ${input.conversationId} and exists (select 1 from sender) and not (select yes from cut_off)
          for update
        ), inserted as (
          insert into ${muses} (conversation_id, seq, sender_member_id, client_id, side, text,
            source_language, detected_language, transliteration, photo_id, voice_id, voice_duration_ms)
          select target.id, target.last_seq + 1, sender.id, ${input.clientId},
            ${input.side ?? null}::text, ${input.text}, ${input.sourceLanguage}, ${input.detectedLanguage}::text,
            ${input.transliteration}::text, ${input.photoId}::uuid, ${input.voice?.id ?? null}::uuid,
            ${input.voice?.durationMs ?? null}::int
          from target cross join sender
          on conflict (conversation_id, sender_member_id, client_id) do nothing
          returning *
        ), bumped as (
          update ${conversations} set last_seq = inserted.seq, updated_at = now()
          from inserted where ${conversations}.id = inserted.conversation_id
          returning ${conversations}.user_language, ${conversations}.audience_language
        )
        select inserted.*, sender.id as sender_id, sender.reading_language as sender_reading_language,
          sender.reads_without as sender_reads_without, sender.username as sender_username,
          sender.display_name as sender_account_display_name, sender.avatar_id as sender_avatar_id,
          sender.guest_name as sender_guest_name,
          sender.side as sender_member_side, u.width as photo_width, u.height as photo_height,
          bumped.user_language as plaza_user_language, bumped.audience_language as plaza_audience_language,
          case when inserted.id is not null then (${readersOf(sql`inserted.conversation_id`)}) end as readers,
          case when inserted.id is not null then ${blockedReadersOf(sql`inserted.conversation_id`, sql`sender.account_id`)} end
            as hidden_from,
          (select yes from cut_off) as cut_off
        from sender
        left join inserted on true
        left join bumped on true
        left join ${uploads} u on u.id = inserted.photo_id`,
      );
      if (!raw) return undefined;
      const member = {
        id: raw.sender_id as string,
        readingLanguage: raw.sender_reading_language as string,
        readsWithout: raw.sender_reads_without as string[],
      };
      const cutOff = raw.cut_off === true;
      if (raw.id === null || raw.id === undefined) return { member, appended: undefined, cutOff };
      const record = museRecordFromRaw(raw);
      return {
        member,
        appended: {
          record,
          audience: toAudience({
            readers: raw.readers as [string, string[]][],
            userLanguage: raw.plaza_user_language as string | null,
            audienceLanguage: raw.plaza_audience_language as string | null,
            hiddenFrom: raw.hidden_from as string[] | null,
          }),
        },
        cutOff,
      };
    },

    async findMuse(id: string) {
      const [row] = await museStatement.execute({ id });
      return row ? toMuseRecord(row) : undefined;
    },

    async musesAfter(conversationId: string, after: number, limit: number, readerAccountId: string | null) {
      const rows = await museQuery()
        .where(and(eq(muses.conversationId, conversationId), gt(muses.seq, after), visibleToReader(readerAccountId)))
        .orderBy(asc(muses.seq))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).map(toMuseRecord), hasMore: rows.length > limit };
    },

    async musesBefore(conversationId: string, before: number, limit: number, readerAccountId: string | null) {
      const rows = await museQuery()
        .where(and(eq(muses.conversationId, conversationId), lt(muses.seq, before), visibleToReader(readerAccountId)))
        .orderBy(desc(muses.seq))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).map(toMuseRecord).reverse(), hasMore: rows.length > limit };
    },

    /** Every muse in the account's conversations, newest first (the /muse screen). */
    async musesForAccount(accountId: string, before: Date | undefined, limit: number) {
      const mine = db
        .select({ id: conversationMembers.conversationId })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.accountId, accountId), isNull(conversationMembers.leftAt)));
      const rows = await museQuery()
        .where(
          and(
            inArray(muses.conversationId, mine),
            isNull(muses.deletedAt),
            visibleToReader(accountId),
            before ? lt(muses.createdAt, before) : undefined,
          ),
        )
        .orderBy(desc(muses.createdAt))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).map(toMuseRecord), hasMore: rows.length > limit };
    },

    async editMuse(
      id: string,
      patch: { text: string; sourceLanguage: string; detectedLanguage: string | null; transliteration: string | null },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(muses)
          .set({ ...patch, editedAt: new Date() })
          .where(and(eq(muses.id, id), isNull(muses.deletedAt)))
          .returning({ id: muses.id });
        // The old translations no longer match the text: stale until re-translated.
        if (row) await tx.update(museTranslations).set({ stale: true }).where(eq(museTranslations.museId, id));
        return row !== undefined;
      });
    },

    /** A muse's reading, made after the append: stored only while the muse still has that text. */
    async setTransliteration(id: string, text: string, transliteration: string) {
      await db
        .update(muses)
        .set({ transliteration })
        .where(and(eq(muses.id, id), eq(muses.text, text), isNull(muses.deletedAt)));
    },

    /** A tombstone: the row and its place in the sequence stay, the words go. */
    async deleteMuse(id: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(muses)
          .set({ text: '', transliteration: null, photoId: null, deletedAt: new Date() })
          .where(and(eq(muses.id, id), isNull(muses.deletedAt)))
          .returning({ id: muses.id });
        if (row) await tx.delete(museTranslations).where(eq(museTranslations.museId, id));
        return row !== undefined;
      });
    },

    async translationsFor(museIds: string[], language?: string) {
      if (!museIds.length) return [];
      return db
        .select()
        .from(museTranslations)
        .where(
          and(
            inArray(museTranslations.museId, museIds),
            language ? eq(museTranslations.targetLanguage, language) : undefined,
          ),
        );
    },

    /**
     * Stores each muse's translations only while the muse still has the text they were made from
     * (not edited or deleted meanwhile), for many muses in one statement. The ids of the muses
     * whose translations were stored.
     */
    async saveTranslations(
      batch: { museId: string; text: string; rows: (typeof museTranslations.$inferInsert)[] }[],
    ): Promise<Set<string>> {
      // One row per (muse, language): a statement may not update a row twice, and a later run
      // for the same muse supersedes an earlier one.
      const latest = new Map(
        batch.flatMap(({ text, rows }) =>
          rows.map((row) => [`${row.museId}:${row.targetLanguage}`, { ...row, sourceText: text }] as const),
        ),
      );
      const rows = [...latest.values()];
      if (!rows.length) return new Set();
      // One parameter per column (sql.param: a bare array would be spread into a list of parameters).
      const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key] ?? null));
      // Arrays, not a VALUES list, so the SQL text is the same for any batch and prepares once.
      const stored = await executePrepared<{ muse_id: string }>(
        db,
        'muse_translations_save',
        sql`
        insert into ${museTranslations} (muse_id, target_language, text, transliteration, engine, pivot,
          source_hash, state, reason)
        select v.muse_id, v.target_language, v.text, v.transliteration, v.engine, v.pivot, v.source_hash, v.state, v.reason
        from unnest(${column('museId')}::uuid[], ${column('targetLanguage')}::text[], ${column('text')}::text[],
          ${column('transliteration')}::text[], ${column('engine')}::text[], ${column('pivot')}::text[],
          ${column('sourceHash')}::text[], ${column('state')}::text[], ${column('reason')}::text[],
          ${column('sourceText')}::text[])
          as v(muse_id, target_language, text, transliteration, engine, pivot, source_hash, state, reason, source_text)
        -- Lateral, one primary-key lookup per row: the generic plan of a prepared statement cannot
        -- know how few rows the arrays hold and would otherwise scan every muse.
        cross join lateral (
          select 1 from ${muses} m where m.id = v.muse_id and m.deleted_at is null and m.text = v.source_text limit 1
        ) as current_text
        on conflict (muse_id, target_language) do update set
          text = excluded.text, transliteration = excluded.transliteration, engine = excluded.engine,
          pivot = excluded.pivot, source_hash = excluded.source_hash, state = excluded.state,
          reason = excluded.reason, stale = false, updated_at = now()
        returning muse_id`,
      );
      return new Set(stored.map((row) => row.muse_id));
    },
  };
}

/** Everything the muses module stores, as one repository (its services take parts of it). */
export function createMusesRepository(db: Database) {
  return {
    ...createConversationsRepository(db),
    ...createMuseRowsRepository(db),
    ...createCatchUpRepository(db),
  };
}

export type MusesRepository = ReturnType<typeof createMusesRepository>;
