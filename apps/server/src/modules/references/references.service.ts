import { avatarUrlOf } from '@tolk/shared/avatars';
import { REFERENCE_WINDOW_DAYS } from '@tolk/shared/limits';
import type {
  ReferenceCounts,
  ReferenceInput,
  ReferenceKind,
  ReferenceOccasions,
  ReferencesPage,
  ThingRatings,
} from '@tolk/shared/schemas/references';
import { AppError, fieldError, notFound } from '../../errors';
import type { MemberCaller } from '../../plugins/auth';
import { cityById } from '../cities';
import type { NotificationsService } from '../notifications';
import type { ReachRule } from '../reach';
import type { ReaderTexts } from '../translation';
import type { ReferencesRepository } from './references.repository';

const DAY_MS = 24 * 60 * 60_000;

const emptyCounts = (): ReferenceCounts => ({
  meeting: { positive: 0, neutral: 0, negative: 0 },
  order: { positive: 0, neutral: 0, negative: 0 },
});

/**
 * References: what members write about each other after meeting or trading, one per author,
 * member and thing, shown once both have written or the hidden days are over (repository
 * `shownAt`), read in the reader's language. `now` is the one clock every rule reads.
 */
export function createReferencesService(deps: {
  repo: ReferencesRepository;
  readerTexts: ReaderTexts;
  reach: Pick<ReachRule, 'may'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Whether the viewer may see this offered thing (its owner is seen by them): its id's owner, else null. */
  thingSeen: (viewer: MemberCaller, thingId: string) => Promise<boolean>;
  now: () => Date;
}) {
  const { repo } = deps;

  /** The trip's city as members read it; an order's thing name as ordered. */
  const titleOf = (row: { title: string; cityId: number | null }) => {
    if (row.cityId === null) return row.title;
    const city = cityById(row.cityId);
    return city ? city.name : '';
  };

  return {
    /** What I may write about now, written or not, newest first. */
    async occasions(me: MemberCaller): Promise<ReferenceOccasions> {
      const rows = await repo.occasions(me.accountId, me.tenantId, deps.now());
      return {
        items: rows.map((row) => ({
          about: row.about,
          kind: row.kind,
          other: {
            id: row.otherId,
            username: row.otherUsername,
            displayName: row.otherDisplayName,
            avatarUrl: avatarUrlOf(row.otherAvatarId),
          },
          title: titleOf(row),
          rates: row.rates,
          writableFrom: row.writableFrom.toISOString(),
          closesAt: new Date(row.writableFrom.getTime() + REFERENCE_WINDOW_DAYS * DAY_MS).toISOString(),
          written: row.written,
          theyWrote: row.theyWrote,
        })),
      };
    },

    /** Writes my reference about what I did with `subjectId`; its id. */
    async write(me: MemberCaller, input: ReferenceInput): Promise<{ id: string }> {
      const now = deps.now();
      const [occasion] = await repo.occasions(me.accountId, me.tenantId, now, {
        about: input.about,
        otherId: input.subjectId,
      });
      // Never done together, not writable yet, its window closed, or a block between them: alike.
      if (!occasion) throw notFound('Something to write about');
      if (occasion.written) throw new AppError('conflict', 'You have already written about this.');
      if (occasion.rates && input.rating === undefined)
        throw fieldError('rating', 'Rate what you bought, from 1 to 5.');
      if (!occasion.rates && input.rating !== undefined)
        throw fieldError('rating', 'Only the buyer of an order rates it.');
      const title = titleOf(occasion);
      const id = await repo.insert({
        tenantId: me.tenantId,
        authorId: me.accountId,
        subjectId: input.subjectId,
        kind: occasion.kind,
        about: input.about,
        // The buyer's reference is the thing's review; the seller's is about the buyer alone.
        thingId: occasion.rates ? occasion.thingId : null,
        title,
        opinion: input.opinion,
        text: input.text,
        language: me.language,
        rating: input.rating ?? null,
        writableFrom: occasion.writableFrom,
      });
      if (!id) throw new AppError('conflict', 'You have already written about this.');
      await deps.notifications.notify({
        recipientIds: [input.subjectId],
        topic: 'reference',
        event: occasion.theyWrote ? 'shown' : 'received',
        subject: `reference:${input.about}:${me.accountId}`,
        actorId: me.accountId,
        data: { title },
        link: '/references',
      });
      return { id };
    },

    /** Shown references about a member I may see, or of an offered thing I may see. */
    async list(
      viewer: MemberCaller,
      query: {
        subjectId?: string | undefined;
        thingId?: string | undefined;
        kind?: ReferenceKind | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ): Promise<ReferencesPage> {
      const now = deps.now();
      let where: { subjectId: string } | { thingId: string };
      if (query.subjectId) {
        if ((await deps.reach.may(viewer, query.subjectId, 'see')) !== 'yes') throw notFound('Person');
        where = { subjectId: query.subjectId };
      } else {
        if (!query.thingId || !(await deps.thingSeen(viewer, query.thingId))) throw notFound('Thing');
        where = { thingId: query.thingId };
      }
      const { rows, nextCursor } = await repo.page(where, {
        kind: query.kind,
        cursor: query.cursor,
        limit: query.limit,
        now,
      });
      const texts = await deps.readerTexts(
        rows.flatMap((row) => [
          { text: row.text, language: row.language },
          row.reply ? { text: row.reply, language: row.replyLanguage ?? row.language } : null,
        ]),
        viewer.language,
      );
      const counts = emptyCounts();
      if ('subjectId' in where) {
        for (const row of await repo.counts([where.subjectId], now)) counts[row.kind][row.opinion] = row.n;
      }
      return {
        items: rows.map((row, index) => ({
          id: row.id,
          kind: row.kind,
          author: {
            id: row.authorId,
            username: row.authorUsername,
            displayName: row.authorDisplayName,
            avatarUrl: avatarUrlOf(row.authorAvatarId),
          },
          subject: {
            id: row.subjectId,
            username: row.subjectUsername,
            displayName: row.subjectDisplayName,
            avatarUrl: avatarUrlOf(row.subjectAvatarId),
          },
          opinion: row.opinion,
          text: texts[index * 2]!,
          rating: row.rating,
          thing: row.thingId ? { id: row.thingId, name: row.title } : null,
          title: row.title,
          createdAt: row.createdAt.toISOString(),
          reply:
            row.reply && row.repliedAt ? { text: texts[index * 2 + 1]!, createdAt: row.repliedAt.toISOString() } : null,
          canReply: row.subjectId === viewer.accountId && !row.reply,
        })),
        nextCursor,
        counts,
        rating: await repo.rating(where, now),
      };
    },

    /** The subject's one public reply to a shown reference about them. */
    async reply(me: MemberCaller, id: string, text: string): Promise<void> {
      if (!(await repo.reply(id, me.accountId, text, me.language, deps.now()))) throw notFound('Reference');
    },

    /** Buyers' ratings of each thing a member I may see sold, for their offers (one request, not one per offer). */
    async thingRatings(viewer: MemberCaller, ownerId: string): Promise<ThingRatings> {
      if ((await deps.reach.may(viewer, ownerId, 'see')) !== 'yes') throw notFound('Person');
      return { things: await repo.thingRatings(ownerId, deps.now()) };
    },

    /** Shown references about each member, by kind and opinion (discovery's cards). */
    async countsOf(subjectIds: string[]): Promise<Map<string, ReferenceCounts>> {
      const out = new Map(subjectIds.map((id) => [id, emptyCounts()]));
      for (const row of await repo.counts(subjectIds, deps.now()))
        out.get(row.subjectId)![row.kind][row.opinion] = row.n;
      return out;
    },
  };
}

export type ReferencesService = ReturnType<typeof createReferencesService>;
