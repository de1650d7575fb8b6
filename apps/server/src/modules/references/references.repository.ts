import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERENCE_HIDDEN_DAYS } from '@tolk/shared/limits';
import type { ReferenceKind, ReferenceOpinion } from '@tolk/shared/schemas/references';
import { queryRows, type Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accounts } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/profiles';
import { memberReferences as refs } from '../../db/schema/references';
import { noBlockBetween } from '../reach';
import { moment, occasionPairs, windowOpen } from './occasions.sql';

/**
 * SQL: a reference is shown (to anyone, its subject included) at `now`: not hidden by a
 * superadmin, and its subject has written about the same thing, or REFERENCE_HIDDEN_DAYS have
 * passed since it became writable.
 */
export const shownAt = (now: Date) => sql`(${refs.hiddenAt} is null and (
  ${refs.writableFrom} + ${REFERENCE_HIDDEN_DAYS} * interval '1 day' <= ${moment(now)}
  or exists (select 1 from ${refs} other_side where other_side.about = ${refs.about}
    and other_side.author_id = ${refs.subjectId} and other_side.subject_id = ${refs.authorId})))`;

export interface OccasionRow {
  about: string;
  kind: ReferenceKind;
  otherId: string;
  otherUsername: string;
  otherDisplayName: string;
  otherAvatarId: string | null;
  title: string;
  thingId: string | null;
  rates: boolean;
  cityId: number | null;
  writableFrom: Date;
  written: string | null;
  theyWrote: boolean;
}

export interface NewReference {
  tenantId: string;
  authorId: string;
  subjectId: string;
  kind: ReferenceKind;
  about: string;
  thingId: string | null;
  title: string;
  opinion: ReferenceOpinion;
  text: string;
  language: string;
  rating: number | null;
  writableFrom: Date;
}

const author = alias(accounts, 'author');
const subject = alias(accounts, 'subject');
const authorProfile = alias(profiles, 'author_profile');
const subjectProfile = alias(profiles, 'subject_profile');

export function createReferencesRepository(db: Database) {
  return {
    /**
     * The things `me` may write about at `now` (window open, no block with the other), with
     * whether each side wrote; `about` and `otherId` narrow it to one.
     */
    async occasions(
      me: string,
      tenantId: string,
      now: Date,
      only?: { about: string; otherId: string },
    ): Promise<OccasionRow[]> {
      const rows = await queryRows<{
        about: string;
        kind: ReferenceKind;
        other_id: string;
        username: string;
        display_name: string;
        avatar_id: string | null;
        title: string;
        thing_id: string | null;
        rates: boolean;
        city_id: number | null;
        writable_from: Date | string;
        written: string | null;
        they_wrote: boolean;
      }>(
        db,
        sql`
        select occ.about, occ.kind, occ.other_id, a.username, a.display_name, p.avatar_id, occ.title, occ.thing_id,
          occ.rates, occ.city_id, occ.writable_from, mine.id as written,
          exists (select 1 from ${refs} theirs where theirs.author_id = occ.other_id and theirs.subject_id = ${me}
            and theirs.about = occ.about) as they_wrote
        from (
          select pair.*, case when pair.a_id = ${me} then pair.b_id else pair.a_id end as other_id,
            coalesce(pair.buyer_id = ${me}, false) as rates
          from ${occasionPairs({ accountId: me, tenantId })} pair
        ) occ
        join ${accounts} a on a.id = occ.other_id and a.tenant_id = ${tenantId}
        left join ${profiles} p on p.account_id = a.id
        left join ${refs} mine on mine.author_id = ${me} and mine.subject_id = occ.other_id and mine.about = occ.about
        where ${windowOpen(sql`occ.writable_from`, now)} and ${noBlockBetween(sql`occ.other_id`, me)}
          ${only ? sql`and occ.about = ${only.about} and occ.other_id = ${only.otherId}` : sql``}
        order by occ.writable_from desc, occ.about`,
      );
      return rows.map((row) => ({
        about: row.about,
        kind: row.kind,
        otherId: row.other_id,
        otherUsername: row.username,
        otherDisplayName: row.display_name,
        otherAvatarId: row.avatar_id,
        title: row.title,
        thingId: row.thing_id,
        rates: row.rates,
        cityId: row.city_id,
        writableFrom: new Date(row.writable_from),
        written: row.written,
        theyWrote: row.they_wrote,
      }));
    },

    /** Stores a reference; null when the author already wrote about this thing and member. */
    async insert(values: NewReference): Promise<string | null> {
      const rows = await db
        .insert(refs)
        .values(values)
        .onConflictDoNothing({ target: [refs.authorId, refs.subjectId, refs.about] })
        .returning({ id: refs.id });
      return rows[0]?.id ?? null;
    },

    /** Shown references about a member or of a thing, newest first, a keyset page at a time. */
    async page(
      where: { subjectId: string } | { thingId: string },
      filter: { kind?: ReferenceKind | undefined; cursor?: string | undefined; limit: number; now: Date },
    ) {
      const set = keyset({
        tag: 'references',
        key: sql`${refs.createdAt}`,
        keyType: 'timestamp',
        id: refs.id,
        idType: 'uuid',
        ascending: false,
        cursor: filter.cursor,
        limit: filter.limit,
      });
      const rows = await db
        .select({
          id: refs.id,
          kind: refs.kind,
          opinion: refs.opinion,
          text: refs.text,
          language: refs.language,
          rating: refs.rating,
          thingId: refs.thingId,
          title: refs.title,
          createdAt: refs.createdAt,
          reply: refs.reply,
          replyLanguage: refs.replyLanguage,
          repliedAt: refs.repliedAt,
          authorId: author.id,
          authorUsername: author.username,
          authorDisplayName: author.displayName,
          authorAvatarId: authorProfile.avatarId,
          subjectId: subject.id,
          subjectUsername: subject.username,
          subjectDisplayName: subject.displayName,
          subjectAvatarId: subjectProfile.avatarId,
          cursorKey: set.keyColumn,
        })
        .from(refs)
        .innerJoin(author, eq(author.id, refs.authorId))
        .innerJoin(subject, eq(subject.id, refs.subjectId))
        .leftJoin(authorProfile, eq(authorProfile.accountId, refs.authorId))
        .leftJoin(subjectProfile, eq(subjectProfile.accountId, refs.subjectId))
        .where(
          and(
            'subjectId' in where ? eq(refs.subjectId, where.subjectId) : eq(refs.thingId, where.thingId),
            filter.kind ? eq(refs.kind, filter.kind) : undefined,
            shownAt(filter.now),
            set.after,
          ),
        )
        .orderBy(...set.orderBy)
        .limit(set.take);
      return set.page(rows);
    },

    /** Shown references about each of these members, by kind and opinion. */
    async counts(subjectIds: string[], now: Date) {
      if (!subjectIds.length) return [];
      return db
        .select({
          subjectId: refs.subjectId,
          kind: refs.kind,
          opinion: refs.opinion,
          n: sql<number>`count(*)::int`,
        })
        .from(refs)
        .where(and(inArray(refs.subjectId, subjectIds), shownAt(now)))
        .groupBy(refs.subjectId, refs.kind, refs.opinion);
    },

    /** The shown ratings of a thing, or of everything a seller sold: their average and number. */
    async rating(of: { thingId: string } | { subjectId: string }, now: Date) {
      const [row] = await db
        .select({
          average: sql<number | null>`avg(${refs.rating})::float8`,
          count: sql<number>`count(${refs.rating})::int`,
        })
        .from(refs)
        .where(
          and(
            'thingId' in of ? eq(refs.thingId, of.thingId) : eq(refs.subjectId, of.subjectId),
            sql`${refs.rating} is not null`,
            shownAt(now),
          ),
        );
      return { average: row?.average ?? null, count: row?.count ?? 0 };
    },

    /** The shown ratings of each thing `sellerId` sold that has any: average and number per thing. */
    async thingRatings(sellerId: string, now: Date) {
      return db
        .select({
          thingId: sql<string>`${refs.thingId}`,
          average: sql<number>`avg(${refs.rating})::float8`,
          count: sql<number>`count(${refs.rating})::int`,
        })
        .from(refs)
        .where(
          and(eq(refs.subjectId, sellerId), sql`${refs.rating} is not null`, isNotNull(refs.thingId), shownAt(now)),
        )
        .groupBy(refs.thingId);
    },

    /** The subject's one reply to a shown reference of theirs; false when it is not that. */
    async reply(id: string, subjectId: string, text: string, language: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refs)
        .set({ reply: text, replyLanguage: language, repliedAt: now })
        .where(and(eq(refs.id, id), eq(refs.subjectId, subjectId), sql`${refs.reply} is null`, shownAt(now)))
        .returning({ id: refs.id });
      return rows.length > 0;
    },

    /** A reference's parties and text, whatever its state (reports; superadmins: any tenant, `tenantId` null). */
    async find(id: string, tenantId: string | null, exec: Pick<Database, 'select'> = db) {
      const [row] = await exec
        .select({
          id: refs.id,
          authorId: refs.authorId,
          subjectId: refs.subjectId,
          text: refs.text,
          hiddenAt: refs.hiddenAt,
          shown: sql<boolean>`${shownAt(new Date())}`,
        })
        .from(refs)
        .where(and(eq(refs.id, id), tenantId === null ? undefined : eq(refs.tenantId, tenantId)));
      return row ?? null;
    },

    /** Hides a reference from everyone (in the transaction of its audit row). */
    async hide(tx: Pick<Database, 'update'>, id: string, reason: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(refs)
        .set({ hiddenAt: now, hiddenReason: reason })
        .where(and(eq(refs.id, id), sql`${refs.hiddenAt} is null`))
        .returning({ id: refs.id });
      return rows.length > 0;
    },
  };
}

export type ReferencesRepository = ReturnType<typeof createReferencesRepository>;
