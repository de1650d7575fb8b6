import { and, asc, type Column, desc, eq, getTableColumns, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { executePrepared, type Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { conversationMembers, conversations, muses, museTranslations } from '../../db/schema/conversations';
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

const memberColumns = {
  member: conversationMembers,
  username: accounts.username,
  accountDisplayName: accounts.displayName,
  avatarId: profiles.avatarId,
};

function toMemberView(row: {
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

const museColumns = {
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

function toMuseRecord(row: MuseJoinRow): MuseRecord {
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
}

/**
 * The audience's readers as one jsonb value, for the conversation whose id `conversationId`
 * names. Spelled out: drizzle leaves columns unqualified in a one-table select, and a bare "id"
 * inside the subquery would name the member's id.
 */
function readersOf(conversationId: SQL) {
  return sql<[string, string[]][]>`(
    select coalesce(jsonb_agg(distinct jsonb_build_array(m.reading_language, m.reads_without)), '[]'::jsonb)
    from conversation_members m
    where m.conversation_id = ${conversationId} and m.left_at is null
  )`;
}

function toAudience(row: {
  readers: [string, string[]][];
  userLanguage: string | null;
  audienceLanguage: string | null;
}): Audience {
  return {
    readers: row.readers.map(([language, readsWithout]) => ({ language, readsWithout })),
    plaza: [row.userLanguage, row.audienceLanguage].filter((l): l is string => !!l),
  };
}

const museFields = getTableColumns(muses);

/** A row of raw SQL (`returning *`) as drizzle's select would give it: property names, dates as Dates. */
function fromDriverRow<T extends Record<string, Column>>(
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

export function createMusesRepository(db: Database) {
  const museQuery = () =>
    db
      .select(museColumns)
      .from(muses)
      .innerJoin(conversationMembers, eq(conversationMembers.id, muses.senderMemberId))
      .leftJoin(accounts, eq(accounts.id, conversationMembers.accountId))
      .leftJoin(profiles, eq(profiles.accountId, conversationMembers.accountId))
      .leftJoin(uploads, eq(uploads.id, muses.photoId));

  // Built once: these run for every muse sent or delivered, and building a query costs as much as PGlite running it.
  const membershipStatement = db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.conversationId, sql.placeholder('conversationId')),
        eq(conversationMembers.accountId, sql.placeholder('accountId')),
        isNull(conversationMembers.leftAt),
      ),
    )
    .prepare('conversations_find_membership');
  const museStatement = museQuery()
    .where(eq(muses.id, sql.placeholder('id')))
    .prepare('conversations_find_muse');
  const audienceStatement = db
    .select({
      userLanguage: conversations.userLanguage,
      audienceLanguage: conversations.audienceLanguage,
      readers: readersOf(sql`conversations.id`),
    })
    .from(conversations)
    .where(eq(conversations.id, sql.placeholder('conversationId')))
    .prepare('conversations_audience');

  return {
    async findConversation(id: string) {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    /** The caller's live membership, or nothing: the one check every read and write goes through. */
    async findMembership(conversationId: string, accountId: string) {
      const [row] = await membershipStatement.execute({ conversationId, accountId });
      return row;
    },

    async findMemberById(memberId: string) {
      const [row] = await db
        .select(memberColumns)
        .from(conversationMembers)
        .leftJoin(accounts, eq(accounts.id, conversationMembers.accountId))
        .leftJoin(profiles, eq(profiles.accountId, conversationMembers.accountId))
        .where(eq(conversationMembers.id, memberId));
      return row ? toMemberView(row) : undefined;
    },

    async members(conversationId: string): Promise<MemberView[]> {
      const rows = await db
        .select(memberColumns)
        .from(conversationMembers)
        .leftJoin(accounts, eq(accounts.id, conversationMembers.accountId))
        .leftJoin(profiles, eq(profiles.accountId, conversationMembers.accountId))
        .where(and(eq(conversationMembers.conversationId, conversationId), isNull(conversationMembers.leftAt)))
        .orderBy(asc(conversationMembers.joinedAt));
      return rows.map(toMemberView);
    },

    /**
     * Who reads a conversation, for fan-out: the distinct (reading language, languages read
     * without translation) pairs of its live members and a plaza's two languages, in one query
     * (no member rows, no names).
     */
    async audience(conversationId: string): Promise<Audience> {
      const [row] = await audienceStatement.execute({ conversationId });
      return row ? toAudience(row) : { readers: [], plaza: [] };
    },

    /** Every membership row, departed ones too: the rooms their sockets may still sit in. */
    async allMembers(conversationId: string) {
      return db
        .select({
          id: conversationMembers.id,
          accountId: conversationMembers.accountId,
          readingLanguage: conversationMembers.readingLanguage,
          readsWithout: conversationMembers.readsWithout,
          leftAt: conversationMembers.leftAt,
        })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationId, conversationId));
    },

    /** Who a photo belongs to: its uploader's account, or for a plaza guest's photo, the plaza. */
    async findDirect(directKey: string) {
      const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey));
      return row;
    },

    async create(input: {
      tenantId: string;
      kind: 'direct' | 'group' | 'plaza';
      title: string;
      ownerId: string | null;
      directKey: string | null;
      members: {
        accountId: string | null;
        role: 'owner' | 'member';
        readingLanguage: string;
        guestName?: string | null;
        side?: string | null;
      }[];
    }) {
      return db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({
            tenantId: input.tenantId,
            kind: input.kind,
            title: input.title,
            ownerId: input.ownerId,
            directKey: input.directKey,
          })
          .returning();
        if (!conversation) throw new Error('conversation insert returned nothing');
        const members = input.members.length
          ? await tx
              .insert(conversationMembers)
              .values(input.members.map((m) => ({ ...m, conversationId: conversation.id })))
              .returning()
          : [];
        return { conversation, members };
      });
    },

    /** Adds members, or brings back ones who had left. */
    async addMembers(conversationId: string, members: { accountId: string; readingLanguage: string }[]) {
      for (const member of members) {
        await db
          .insert(conversationMembers)
          .values({ conversationId, accountId: member.accountId, readingLanguage: member.readingLanguage })
          .onConflictDoUpdate({
            target: [conversationMembers.conversationId, conversationMembers.accountId],
            targetWhere: sql`${conversationMembers.accountId} is not null`,
            set: { leftAt: null, joinedAt: new Date() },
          });
      }
    },

    async addGuestMember(input: { conversationId: string; guestName: string; side: string; readingLanguage: string }) {
      const [row] = await db
        .insert(conversationMembers)
        .values({ ...input, accountId: null, role: 'member' })
        .returning();
      if (!row) throw new Error('member insert returned nothing');
      return row;
    },

    async leave(conversationId: string, accountId: string) {
      const rows = await db
        .update(conversationMembers)
        .set({ leftAt: new Date() })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.accountId, accountId),
            isNull(conversationMembers.leftAt),
          ),
        )
        .returning({ id: conversationMembers.id });
      return rows.length > 0;
    },

    async updateTitle(conversationId: string, title: string) {
      await db.update(conversations).set({ title, updatedAt: new Date() }).where(eq(conversations.id, conversationId));
    },

    async updateMember(
      memberId: string,
      patch: Partial<Pick<MemberRow, 'readingLanguage' | 'readsWithout' | 'lastReadSeq' | 'side'>>,
    ) {
      const [row] = await db
        .update(conversationMembers)
        .set(patch)
        .where(eq(conversationMembers.id, memberId))
        .returning();
      return row;
    },

    /** Marks read up to seq, never backwards. */
    async markRead(memberId: string, seq: number) {
      const [row] = await db
        .update(conversationMembers)
        .set({ lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${seq})` })
        .where(eq(conversationMembers.id, memberId))
        .returning({ lastReadSeq: conversationMembers.lastReadSeq });
      return row?.lastReadSeq;
    },

    /** Conversations an account is in, most recently active first, with unread counts. */
    async listForAccount(accountId: string, kinds: ('direct' | 'group' | 'plaza')[]) {
      return db
        .select({
          conversation: conversations,
          member: conversationMembers,
          unread: sql<number>`(
            select count(*)::int from ${muses}
            where ${muses.conversationId} = ${conversations.id}
              and ${muses.seq} > ${conversationMembers.lastReadSeq}
              and ${muses.senderMemberId} <> ${conversationMembers.id}
              and ${muses.deletedAt} is null
          )`,
        })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(
            eq(conversationMembers.accountId, accountId),
            isNull(conversationMembers.leftAt),
            inArray(conversations.kind, kinds),
          ),
        )
        .orderBy(desc(conversations.updatedAt))
        .limit(200);
    },

    async lastMuses(conversationIds: string[]): Promise<MuseRecord[]> {
      if (!conversationIds.length) return [];
      const rows = await museQuery().where(
        and(
          inArray(muses.conversationId, conversationIds),
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
      side?: string | null;
    }): Promise<
      | {
          member: Pick<MemberRow, 'id' | 'readingLanguage' | 'readsWithout'>;
          appended: { record: MuseRecord; audience: Audience } | undefined;
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
          select m.id, m.reading_language, m.reads_without, m.guest_name, m.side, a.username, a.display_name,
            p.avatar_id
          from ${conversationMembers} m
          left join ${accounts} a on a.id = m.account_id
          left join ${profiles} p on p.account_id = m.account_id
          where m.conversation_id = ${input.conversationId} and m.left_at is null and ${who}
        ), target as (
          select id, last_seq from ${conversations}
          where id = ${input.conversationId} and exists (select 1 from sender)
          for update
        ), inserted as (
          insert into ${muses} (conversation_id, seq, sender_member_id, client_id, side, text,
            source_language, detected_language, transliteration, photo_id)
          select target.id, target.last_seq + 1, sender.id, ${input.clientId},
            ${input.side ?? null}::text, ${input.text}, ${input.sourceLanguage}, ${input.detectedLanguage}::text,
            ${input.transliteration}::text, ${input.photoId}::uuid
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
          case when inserted.id is not null then (${readersOf(sql`inserted.conversation_id`)}) end as readers
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
      if (raw.id === null || raw.id === undefined) return { member, appended: undefined };
      const record = toMuseRecord({
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
      return {
        member,
        appended: {
          record,
          audience: toAudience({
            readers: raw.readers as [string, string[]][],
            userLanguage: raw.plaza_user_language as string | null,
            audienceLanguage: raw.plaza_audience_language as string | null,
          }),
        },
      };
    },

    async findMuse(id: string) {
      const [row] = await museStatement.execute({ id });
      return row ? toMuseRecord(row) : undefined;
    },

    async musesAfter(conversationId: string, after: number, limit: number) {
      const rows = await museQuery()
        .where(and(eq(muses.conversationId, conversationId), gt(muses.seq, after)))
        .orderBy(asc(muses.seq))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).map(toMuseRecord), hasMore: rows.length > limit };
    },

    async musesBefore(conversationId: string, before: number, limit: number) {
      const rows = await museQuery()
        .where(and(eq(muses.conversationId, conversationId), lt(muses.seq, before)))
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

    async setPlaza(
      conversationId: string,
      patch: { userLanguage: string; audienceLanguage: string | null; expiresAt: Date | null },
    ) {
      const [row] = await db.update(conversations).set(patch).where(eq(conversations.id, conversationId)).returning();
      if (!row) throw new Error('plaza vanished');
      return row;
    },

    /** Plazas and guests' muses go when their plaza expires. */
    async deleteConversation(id: string) {
      await db.delete(conversations).where(eq(conversations.id, id));
    },

    async clearMuses(conversationId: string) {
      await db.delete(muses).where(eq(muses.conversationId, conversationId));
    },
  };
}

export type MusesRepository = ReturnType<typeof createMusesRepository>;
