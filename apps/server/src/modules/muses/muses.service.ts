import type { FastifyBaseLogger } from 'fastify';
import type {
  Conversation,
  ConversationSummary,
  Muse,
  MuseDetail,
  MuseTranslation,
} from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError, fieldError, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { TolkServer } from '../../plugins/realtime';
import type { ConversationRow, MusesRepository, MemberRow, MuseRecord } from './muses.repository';
import { createDelivery } from './delivery';
import { memberView, museView, translationFromRow } from './muse-views';
import { baseLanguage, type MuseTranslator } from './translator';

export { RETRY_BASE_MS, RETRY_MAX_MS, TRANSLATION_GRACE_MS, type ConversationRooms } from './delivery';

/** What detection made of a muse's language, when it was asked (no `from` given). */
type Detected = ReturnType<MuseTranslator['detect']>;

/** The account, or the plaza guest, acting. */
export interface Actor {
  accountId: string | null;
  guestMemberId: string | null;
  tenantId: string | null;
  language: string;
  superAdmin: boolean;
}

export interface Membership {
  conversation: ConversationRow;
  member: MemberRow;
}

export function createMusesService(deps: {
  repo: MusesRepository;
  translator: MuseTranslator;
  io: () => TolkServer | undefined;
  log: FastifyBaseLogger;
}) {
  const { repo, translator } = deps;
  const delivery = createDelivery({ store: repo, translator, io: deps.io, log: deps.log });
  const { viewsFor } = delivery;

  async function membership(conversationId: string, actor: Actor): Promise<Membership> {
    if (actor.guestMemberId) {
      const member = await repo.findMemberById(actor.guestMemberId);
      const conversation = member && !member.leftAt ? await repo.findConversation(member.conversationId) : undefined;
      if (!member || !conversation || conversation.id !== conversationId) throw notFound('Conversation');
      return { conversation, member };
    }
    if (!actor.accountId) throw notFound('Conversation');
    const found = await repo.findMembership(conversationId, actor.accountId);
    if (!found) throw notFound('Conversation');
    return found;
  }

  async function conversationView(conversation: ConversationRow): Promise<Conversation> {
    const members = await repo.members(conversation.id);
    return {
      id: conversation.id,
      kind: conversation.kind,
      title: conversation.title,
      members: members.map(memberView),
      lastSeq: conversation.lastSeq,
      createdAt: conversation.createdAt.toISOString(),
      updatedAt: conversation.updatedAt.toISOString(),
    };
  }

  return {
    membership,
    conversationView,
    viewsFor,
    /** Live delivery of this module's muses and events: plazas use it too. */
    delivery,
    /** A conversation's row by id, and a membership row by id (whether or not it has left). */
    findConversation: (conversationId: string) => repo.findConversation(conversationId),
    findMember: (memberId: string) => repo.findMemberById(memberId),
    /** Who is in a conversation now, with their names. */
    members: (conversationId: string) => repo.members(conversationId),

    /** A plaza: a conversation of two languages with its host as the user side. */
    async openPlaza(input: {
      tenantId: string;
      ownerId: string | null;
      title: string;
      userLanguage: string;
      /** Null while it is to be detected. */
      audienceLanguage: string | null;
      expiresAt: Date | null;
    }) {
      const { conversation, members } = await repo.create({
        tenantId: input.tenantId,
        kind: 'plaza',
        title: input.title,
        ownerId: input.ownerId,
        directKey: null,
        members: [
          {
            accountId: input.ownerId,
            role: 'owner',
            readingLanguage: input.userLanguage,
            guestName: null,
            side: 'user',
          },
        ],
      });
      const plaza = await repo.setPlaza(conversation.id, {
        userLanguage: input.userLanguage,
        audienceLanguage: input.audienceLanguage,
        expiresAt: input.expiresAt,
      });
      return { conversation: plaza, host: members[0]! };
    },

    /** Every muse of a conversation goes (a plaza's host clears it); its screens are told. */
    async clear(conversationId: string) {
      await repo.clearMuses(conversationId);
      delivery.toConversation(conversationId, 'conversation:ended', { conversationId, reason: 'cleared' });
    },

    /** A conversation goes with everything in it; its screens are told and its sockets leave its rooms. */
    async expire(conversationId: string) {
      const rooms = await delivery.roomsOf(conversationId);
      await repo.deleteConversation(conversationId);
      delivery.toConversation(conversationId, 'conversation:ended', { conversationId, reason: 'expired' });
      delivery.evict(rooms, 'everyone');
    },
    /** Waits for background deliveries (tests, shutdown). */
    idle: () => delivery.idle(),

    async list(actor: Actor & { accountId: string }): Promise<ConversationSummary[]> {
      const rows = await repo.listForAccount(actor.accountId, ['direct', 'group', 'plaza']);
      const last = await repo.lastMuses(rows.map((r) => r.conversation.id));
      const lastByConversation = new Map(last.map((m) => [m.conversationId, m]));
      return Promise.all(
        rows.map(async ({ conversation, member, unread }) => {
          const lastMuse = lastByConversation.get(conversation.id);
          const [view] = lastMuse ? await viewsFor([lastMuse], member) : [];
          return { ...(await conversationView(conversation)), lastMuse: view ?? null, unread };
        }),
      );
    },

    async create(
      actor: Actor & { accountId: string; tenantId: string },
      input: { kind: 'direct' | 'group'; members: string[]; title?: string | undefined },
    ) {
      const wanted = [...new Set(input.members.map((u) => u.toLowerCase()))];
      const found = await repo.accountsByUsernames(wanted);
      const visible = found.filter((a) => actor.superAdmin || a.tenantId === actor.tenantId);
      const missing = wanted.filter((u) => !visible.some((a) => a.username.toLowerCase() === u));
      if (missing.length) {
        throw fieldError('members', SERVER_MESSAGE_FORMS.noSuchMember.say(missing));
      }
      const others = visible.filter((a) => a.id !== actor.accountId);
      if (!others.length) throw fieldError('members', SERVER_MESSAGES.addSomeoneElse);
      if (input.kind === 'direct') {
        const other = others[0]!;
        const directKey = [actor.accountId, other.id].sort().join(':');
        const reopen = async (existing: ConversationRow) => {
          await repo.addMembers(existing.id, [{ accountId: actor.accountId, readingLanguage: actor.language }]);
          return { conversation: await conversationView(existing), created: false };
        };
        const existing = await repo.findDirect(directKey);
        if (existing) return reopen(existing);
        try {
          const { conversation } = await repo.create({
            tenantId: actor.tenantId,
            kind: 'direct',
            title: '',
            ownerId: null,
            directKey,
            members: [
              { accountId: actor.accountId, role: 'member', readingLanguage: actor.language },
              { accountId: other.id, role: 'member', readingLanguage: other.language },
            ],
          });
          return { conversation: await conversationView(conversation), created: true };
        } catch (error) {
          // Both of a pair started the chat at once: the other request made it first.
          const made = isUniqueViolation(error) ? await repo.findDirect(directKey) : undefined;
          if (!made) throw error;
          return reopen(made);
        }
      }
      const { conversation } = await repo.create({
        tenantId: actor.tenantId,
        kind: 'group',
        title: input.title ?? '',
        ownerId: actor.accountId,
        directKey: null,
        members: [
          { accountId: actor.accountId, role: 'owner', readingLanguage: actor.language },
          ...others.map((o) => ({ accountId: o.id, role: 'member' as const, readingLanguage: o.language })),
        ],
      });
      return { conversation: await conversationView(conversation), created: true };
    },

    async addMembers(
      actor: Actor & { accountId: string; tenantId: string },
      conversationId: string,
      usernames: string[],
    ) {
      const { conversation, member } = await membership(conversationId, actor);
      if (conversation.kind !== 'group') throw new AppError('bad_request', 'Only group chats take new members.');
      if (member.role !== 'owner') throw forbidden('Only the owner adds members.');
      const found = await repo.accountsByUsernames(usernames);
      const visible = found.filter((a) => actor.superAdmin || a.tenantId === actor.tenantId);
      const missing = usernames.filter((u) => !visible.some((a) => a.username.toLowerCase() === u.toLowerCase()));
      if (missing.length) throw fieldError('members', SERVER_MESSAGE_FORMS.noSuchMember.say(missing));
      await repo.addMembers(
        conversationId,
        visible.map((a) => ({ accountId: a.id, readingLanguage: a.language })),
      );
      return conversationView((await repo.findConversation(conversationId))!);
    },

    async removeMember(actor: Actor & { accountId: string }, conversationId: string, username: string) {
      const { conversation, member } = await membership(conversationId, actor);
      const [target] = await repo.accountsByUsernames([username]);
      if (!target) throw notFound('Member');
      if (target.id !== actor.accountId) {
        if (conversation.kind !== 'group' || member.role !== 'owner')
          throw forbidden('Only the owner removes members.');
      }
      const leaving = await repo.findMembership(conversationId, target.id);
      if (!leaving || !(await repo.leave(conversationId, target.id))) throw notFound('Member');
      // Their sockets stop hearing the conversation at once, on whichever instance they are.
      delivery.evict(await delivery.roomsOf(conversationId), { accountId: target.id, memberId: leaving.member.id });
    },

    async rename(actor: Actor, conversationId: string, title: string) {
      const { conversation, member } = await membership(conversationId, actor);
      if (conversation.kind !== 'group') throw new AppError('bad_request', 'Only group chats have a title.');
      if (member.role !== 'owner') throw forbidden('Only the owner renames the chat.');
      await repo.updateTitle(conversationId, title);
      return conversationView((await repo.findConversation(conversationId))!);
    },

    async updateMe(
      actor: Actor,
      conversationId: string,
      patch: {
        readingLanguage?: string | undefined;
        readsWithout?: string[] | undefined;
        lastReadSeq?: number | undefined;
      },
    ) {
      const { conversation, member } = await membership(conversationId, actor);
      const { lastReadSeq, ...settings } = patch;
      const clean = Object.fromEntries(
        Object.entries(settings).filter((entry: [string, unknown]) => entry[1] !== undefined),
      );
      if (Object.keys(clean).length) {
        const updated = await repo.updateMember(member.id, clean);
        // Sockets showing the conversation move to the rooms of the new reading settings.
        if (updated) delivery.moveReader(conversation, member, updated);
      }
      if (lastReadSeq !== undefined) await markRead(member, lastReadSeq);
      return memberView((await repo.findMemberById(member.id))!);
    },

    markRead,

    /** Raw records after a sequence, for callers that render them per language themselves. */
    musesAfter: (conversationId: string, after: number, limit: number) => repo.musesAfter(conversationId, after, limit),

    async send(
      actor: Actor,
      conversationId: string,
      input: {
        clientId: string;
        text: string;
        from?: string | undefined;
        photoId?: string | undefined;
        /** Plazas: the side writing and its language, taken unless the text is plainly in... */
        side?: string | undefined;
        sideLanguage?: string | undefined;
        /** ...the other side's language (typed in the wrong half): then it is that language. */
        otherSideLanguage?: string | undefined;
      },
    ): Promise<{ muse: Muse; created: boolean; record: MuseRecord; detected: Detected | null }> {
      const text = input.text.trim();
      if (!text && !input.photoId) {
        // A retry is answered with the muse it repeats, whatever it carries.
        const { member } = await membership(conversationId, actor);
        const existing = await repo.findMuseByClientId(conversationId, member.id, input.clientId);
        if (existing) {
          return { muse: (await viewsFor([existing], member))[0]!, created: false, record: existing, detected: null };
        }
        throw fieldError('text', SERVER_MESSAGES.writeSomething);
      }
      // A plaza guest's token names their member row, an account names itself: the append checks
      // either is a live member of this conversation, so the usual send is one statement.
      const sender = actor.guestMemberId
        ? { memberId: actor.guestMemberId }
        : actor.accountId
          ? { accountId: actor.accountId }
          : undefined;
      if (!sender) throw notFound('Conversation');
      if (input.photoId) await assertOwnPhoto(actor, conversationId, input.photoId);
      // Short or ambiguous texts fall back to the writer's profile language.
      // Detection is a local table lookup: cheap enough to run before the append.
      const detected = text && !input.from ? translator.detect(text, input.sideLanguage ?? actor.language) : null;
      const wrongHalf =
        input.sideLanguage !== undefined &&
        input.otherSideLanguage !== undefined &&
        detected !== null &&
        baseLanguage(detected.language) === baseLanguage(input.otherSideLanguage);
      const sourceLanguage =
        input.from ??
        (wrongHalf ? input.otherSideLanguage : input.sideLanguage) ??
        detected?.language ??
        actor.language;
      // Nothing slow before the append: the sequence is the order sends arrived in. The reading
      // (transliteration) follows the muse, like its translations.
      const result = await repo.appendMuse({
        conversationId,
        sender,
        clientId: input.clientId,
        text,
        sourceLanguage,
        detectedLanguage: detected?.language ?? null,
        transliteration: null,
        photoId: input.photoId ?? null,
        side: input.side ?? null,
      });
      if (!result) throw notFound('Conversation');
      const { member, appended } = result;
      if (!appended) {
        // The client id is already stored: a retry gets the muse as it stands.
        const existing = await repo.findMuseByClientId(conversationId, member.id, input.clientId);
        if (!existing) throw notFound('Conversation'); // it went while this was being sent
        return { muse: (await viewsFor([existing], member))[0]!, created: false, record: existing, detected };
      }
      const { record, audience } = appended;
      delivery.deliver(record, 'muse:new', audience);
      return {
        muse: museView(record, member.readingLanguage, undefined, member.readsWithout),
        created: true,
        record,
        detected,
      };
    },

    async musesPage(
      actor: Actor,
      conversationId: string,
      query: { after?: number | undefined; before?: number | undefined; limit: number },
    ) {
      const { member } = await membership(conversationId, actor);
      const page =
        query.before !== undefined
          ? await repo.musesBefore(conversationId, query.before, query.limit)
          : await repo.musesAfter(conversationId, query.after ?? 0, query.limit);
      return { muses: await viewsFor(page.rows, member), hasMore: page.hasMore };
    },

    async allMuses(actor: Actor & { accountId: string }, before: Date | undefined, limit: number) {
      const page = await repo.musesForAccount(actor.accountId, before, limit);
      const out: Muse[] = [];
      const memberships = new Map<string, Membership>();
      for (const muse of page.rows) {
        let found = memberships.get(muse.conversationId);
        if (!found) {
          found = await membership(muse.conversationId, actor);
          memberships.set(muse.conversationId, found);
        }
        out.push(...(await viewsFor([muse], found.member)));
      }
      return { muses: out, hasMore: page.hasMore };
    },

    async museDetail(actor: Actor, museId: string): Promise<MuseDetail> {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      const { member } = await membership(muse.conversationId, actor);
      const [view] = await viewsFor([muse], member);
      const rows = muse.deletedAt ? [] : await repo.translationsFor([muse.id]);
      return { ...view!, translations: rows.map(translationFromRow) };
    },

    /** A reader asks for a language nobody in the conversation reads (the detail screen). */
    async translateOnDemand(actor: Actor, museId: string, to: string): Promise<MuseTranslation> {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      await membership(muse.conversationId, actor);
      if (muse.deletedAt || !muse.text) throw new AppError('bad_request', 'This muse has no text to translate.');
      if (baseLanguage(muse.sourceLanguage) === baseLanguage(to)) {
        return {
          to,
          text: muse.text,
          transliteration: muse.transliteration,
          engine: null,
          state: 'skipped',
          reason: null,
          pivot: null,
        };
      }
      const [existing] = await repo.translationsFor([muse.id], to);
      if (existing && !existing.stale && existing.state === 'ready') return translationFromRow(existing);
      return delivery.translateNow(muse, to);
    },

    async edit(actor: Actor, museId: string, input: { text: string; from?: string | undefined }) {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      const { member } = await membership(muse.conversationId, actor);
      if (muse.senderMemberId !== member.id) throw forbidden('Only the sender edits a muse.');
      if (muse.deletedAt) throw notFound('Muse');
      const text = input.text.trim();
      const detected = input.from ? null : translator.detect(text, member.readingLanguage);
      const sourceLanguage = input.from ?? detected?.language ?? muse.sourceLanguage;
      await repo.editMuse(museId, {
        text,
        sourceLanguage,
        detectedLanguage: detected?.language ?? null,
        transliteration: null,
      });
      const record = (await repo.findMuse(museId))!;
      delivery.deliver(record, 'muse:updated');
      return museView(record, member.readingLanguage, undefined, member.readsWithout);
    },

    async remove(actor: Actor, museId: string) {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      const { member } = await membership(muse.conversationId, actor);
      if (muse.senderMemberId !== member.id) throw forbidden('Only the sender deletes a muse.');
      if (!(await repo.deleteMuse(museId))) throw notFound('Muse');
      delivery.toConversation(muse.conversationId, 'muse:deleted', {
        conversationId: muse.conversationId,
        id: muse.id,
        seq: muse.seq,
      });
    },
  };

  /**
   * A muse carries only a photo its sender uploaded: a member's own upload, or a plaza guest's
   * upload into that plaza. Anything else would hand someone else's photo to the conversation.
   */
  async function assertOwnPhoto(actor: Actor, conversationId: string, photoId: string) {
    const photo = await repo.photoOwner(photoId);
    const own =
      photo &&
      (photo.ownerId
        ? photo.ownerId === actor.accountId
        : actor.guestMemberId !== null && photo.conversationId === conversationId);
    if (!own) throw fieldError('photoId', 'This photo was not found. Upload it again.');
  }

  async function markRead(member: MemberRow, seq: number) {
    const lastReadSeq = await repo.markRead(member.id, seq);
    const view = await repo.findMemberById(member.id);
    if (lastReadSeq !== undefined && view) {
      delivery.toConversation(member.conversationId, 'read', {
        conversationId: member.conversationId,
        username: view.username || view.displayName,
        seq: lastReadSeq,
      });
    }
    return lastReadSeq;
  }
}

export type MusesService = ReturnType<typeof createMusesService>;
