import { blockBetween, noBlockBetween } from '../reach';
import { and, asc, desc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { executePrepared, type Database } from '../../db/client';
import { groupCommit } from '../../db/group-commit';
import { isUuid, uuidArray } from '../../db/uuid';
import { accounts } from '../../db/schema/accounts';
import { conversationMembers, conversations, muses } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import {
  type Audience,
  type MemberRow,
  type MemberView,
  blockedReadersOf,
  memberColumns,
  readersOf,
  toAudience,
  toMemberView,
} from './muse-records';

/** An account's membership of a conversation while it lasts (it has not left). */
const currentMembership = (conversationId: string | SQLWrapper, accountId: string | SQLWrapper) =>
  and(
    eq(conversationMembers.conversationId, conversationId),
    eq(conversationMembers.accountId, accountId),
    isNull(conversationMembers.leftAt),
  );

/** Conversations and their members (plaza rows included): the muses module's conversation SQL. */
export function createConversationsRepository(db: Database) {
  // Built once: these run for every muse sent or delivered, and building a query costs as much as PGlite running it.
  const membershipStatement = db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        sql`(${conversationMembers.conversationId}, ${conversationMembers.accountId}) in (select * from unnest(${sql.placeholder('conversationIds')}::uuid[], ${sql.placeholder('accountIds')}::uuid[]))`,
        isNull(conversationMembers.leftAt),
      ),
    )
    .prepare('conversations_find_memberships');
  type MembershipRow = Awaited<ReturnType<typeof membershipStatement.execute>>[number];
  // Memberships asked for together go in one query: after a restart every socket joins again at
  // once, and one query per join queued them behind each other on the database.
  const membershipLookups = groupCommit(
    async (keys: { conversationId: string; accountId: string }[]): Promise<(MembershipRow | undefined)[]> => {
      const rows = await membershipStatement.execute({
        conversationIds: keys.map((key) => key.conversationId),
        accountIds: keys.map((key) => key.accountId),
      });
      const found = new Map(rows.map((row) => [`${row.conversation.id} ${row.member.accountId ?? ''}`, row]));
      return keys.map((key) => found.get(`${key.conversationId} ${key.accountId}`));
    },
    { maxBatch: 500 },
  );
  const blockedLookups = groupCommit(
    async (keys: { conversationId: string; accountId: string }[]): Promise<string[][]> => {
      const rows = await executePrepared<{ i: number; ids: string[] }>(
        db,
        'muses_blocked_readers_of_accounts',
        sql`select k.i::int as i, ${blockedReadersOf(sql`k.c`, sql`k.a`)} as ids
            from unnest(${uuidArray(keys.map((key) => key.conversationId))}::uuid[], ${uuidArray(keys.map((key) => key.accountId))}::uuid[])
              with ordinality as k(c, a, i)`,
      );
      const byIndex = new Map(rows.map((row) => [row.i, row.ids]));
      return keys.map((_, index) => byIndex.get(index + 1) ?? []);
    },
    { maxBatch: 500 },
  );
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
    async findMembership(conversationId: string, accountId: string): Promise<MembershipRow | undefined> {
      if (!isUuid(conversationId) || !isUuid(accountId)) return undefined;
      // As the database writes them, so the answer's ids match the question's.
      return membershipLookups.submit({
        conversationId: conversationId.toLowerCase(),
        accountId: accountId.toLowerCase(),
      });
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
      return row ? toAudience(row) : { readers: [], plaza: [], hiddenFrom: [] };
    },

    /**
     * The accounts in a conversation with a block between them and a member (an account, or the
     * membership row a muse names as its sender), either way.
     */
    async blockedReaders(conversationId: string, who: { accountId: string } | { memberId: string }): Promise<string[]> {
      // Many joins at once (a restart): one query for all of them.
      if ('accountId' in who) {
        if (!isUuid(conversationId) || !isUuid(who.accountId)) return [];
        return blockedLookups.submit({ conversationId, accountId: who.accountId });
      }
      const account =
        'accountId' in who
          ? sql`${who.accountId}::uuid`
          : sql`(select s.account_id from ${conversationMembers} s where s.id = ${who.memberId}::uuid)`;
      const [row] = await executePrepared<{ ids: string[] }>(
        db,
        'accountId' in who ? 'muses_blocked_readers_of_account' : 'muses_blocked_readers_of_member',
        sql`select ${blockedReadersOf(sql`${conversationId}::uuid`, account)} as ids`,
      );
      return row?.ids ?? [];
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
        .where(currentMembership(conversationId, accountId))
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
              and ${noBlockBetween(sql`(select s.account_id from ${conversationMembers} s where s.id = ${muses.senderMemberId})`, accountId)}
          )`,
        })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(
            eq(conversationMembers.accountId, accountId),
            isNull(conversationMembers.leftAt),
            inArray(conversations.kind, kinds),
            // A direct conversation across a block is out of sight for both (reach/reach.ts).
            sql`not (${conversations.kind} = 'direct' and exists (
              select 1 from ${conversationMembers} o
              where o.conversation_id = ${conversations.id} and o.account_id <> ${accountId}
                and ${blockBetween(sql`o.account_id`, accountId)}))`,
          ),
        )
        .orderBy(desc(conversations.updatedAt))
        .limit(200);
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
