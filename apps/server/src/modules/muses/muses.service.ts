import type { FastifyBaseLogger } from 'fastify';
import type { Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { Metrics, MuseVia } from '../../plugins/metrics';
import type { TolkServer } from '../../plugins/realtime';
import type { AccountsService } from '../accounts';
import type { TranslationFlags } from '../translation';
import type { UploadsService } from '../uploads';
import type { PlazasRepository } from './plazas.repository';
import { createConversationsService, type Actor, type Membership } from './conversations.service';
import { createDelivery } from './delivery';
import { createSendGate, type SendGateOptions } from './send-gate';
import type { MuseNotices } from './muse-notices';
import type { MuseRecord, MusesRepository } from './muses.repository';
import { museView, originalVersion, translationFromRow } from './muse-views';
import { baseLanguage, type MuseTranslator } from './translator';

export { RETRY_BASE_MS, RETRY_MAX_MS, TRANSLATION_GRACE_MS, type ConversationRooms } from './delivery';
export type { Actor, Membership } from './conversations.service';
export type { ConversationRow, MemberRow, MemberView } from './muses.repository';

/** What detection made of a muse's language, when it was asked (no `from` given). */
type Detected = ReturnType<MuseTranslator['detect']>;

/** A muse as a member (or a plaza's side) sends it. */
export interface MuseSendInput {
  clientId: string;
  text: string;
  from?: string | undefined;
  photoId?: string | undefined;
  voiceId?: string | undefined;
  /** Plazas: the side writing and its language, taken unless the text is plainly in... */
  side?: string | undefined;
  sideLanguage?: string | undefined;
  /** ...the other side's language (typed in the wrong half): then it is that language. */
  otherSideLanguage?: string | undefined;
}

/**
 * Muses: sending (idempotent on the client id, stored before anything slow), pages, detail,
 * edit and delete, all checked against membership; delivery takes each stored muse from here.
 * The conversation rules (conversations.service.ts) come with it, as one service.
 */
export function createMusesService(deps: {
  repo: MusesRepository;
  plazas: PlazasRepository;
  translator: MuseTranslator;
  io: () => TolkServer | undefined;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'museSent' | 'museEmitted' | 'museDelivered'>;
  accounts: Pick<AccountsService, 'findByUsernames'>;
  uploads: Pick<UploadsService, 'sendable'>;
  /** Voice muses' recordings (the speech module). */
  voice?: Pick<FastifyInstance['speech'], 'sendable' | 'remove'>;
  reach: Parameters<typeof createConversationsService>[0]['reach'];
  /** The translation module keeps readers' flags of bad translations. */
  flags: Pick<TranslationFlags, 'flag'>;
  /** Notifications of muses to members not reading the conversation. */
  notices?: Pick<MuseNotices, 'sent' | 'read'>;
  /** Past saturation new sends are refused (503, Retry-After) rather than queued: where (config.limits). */
  shedding?: Omit<SendGateOptions, 'fanOuts'>;
}) {
  const { repo, translator } = deps;
  const delivery = createDelivery({ store: repo, translator, io: deps.io, log: deps.log, metrics: deps.metrics });
  const gate = createSendGate({
    maxBacklog: deps.shedding?.maxBacklog ?? Number.POSITIVE_INFINITY,
    maxLoopDelayMs: deps.shedding?.maxLoopDelayMs ?? Number.POSITIVE_INFINITY,
    fanOuts: delivery.backlog,
  });
  const { viewsFor } = delivery;
  const conversations = createConversationsService({
    repo,
    plazas: deps.plazas,
    delivery,
    accounts: deps.accounts,
    reach: deps.reach,
    notices: deps.notices,
  });
  const { membership } = conversations;

  /** One send, admitted by the gate: stored in order, then fanned out in the background. */
  async function sendNow(
    actor: Actor,
    conversationId: string,
    input: MuseSendInput,
    via: MuseVia,
  ): Promise<{ muse: Muse; created: boolean; record: MuseRecord; detected: Detected | null }> {
    const text = input.text.trim();
    if (!text && !input.photoId && !input.voiceId) {
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
    const voice = input.voiceId ? await ownVoice(actor, input.voiceId) : null;
    // Short or ambiguous texts fall back to the writer's profile language.
    // Detection is a local table lookup: cheap enough to run before the append.
    const detected = text && !input.from ? translator.detect(text, input.sideLanguage ?? actor.language) : null;
    const wrongHalf =
      input.sideLanguage !== undefined &&
      input.otherSideLanguage !== undefined &&
      detected !== null &&
      baseLanguage(detected.language) === baseLanguage(input.otherSideLanguage);
    const sourceLanguage =
      input.from ?? (wrongHalf ? input.otherSideLanguage : input.sideLanguage) ?? detected?.language ?? actor.language;
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
      voice,
      side: input.side ?? null,
    });
    if (!result) throw notFound('Conversation');
    const { member, appended, cutOff } = result;
    if (!appended) {
      // The client id is already stored: a retry gets the muse as it stands.
      const existing = await repo.findMuseByClientId(conversationId, member.id, input.clientId);
      if (!existing && cutOff) throw forbidden(SERVER_MESSAGES.unreachable);
      if (!existing) throw notFound('Conversation'); // it went while this was being sent
      return { muse: (await viewsFor([existing], member))[0]!, created: false, record: existing, detected };
    }
    const { record, audience } = appended;
    delivery.deliver(record, 'muse:new', audience);
    // Plazas are read face to face: nobody is told of them elsewhere.
    if (!audience.plaza.length && record.side === null) deps.notices?.sent(conversationId);
    deps.metrics.museSent(via);
    return {
      muse: museView(record, member.readingLanguage, undefined, member.readsWithout),
      created: true,
      record,
      detected,
    };
  }

  return {
    ...conversations,
    viewsFor,
    /** Live delivery of this module's muses and events: plazas use it too. */
    delivery,
    /** Waits for background deliveries (tests, shutdown), and stops watching the load. */
    idle: () => delivery.idle(),
    close: () => {
      gate.close();
    },
    /** Sends refused because the server was past saturation. */
    get shed() {
      return gate.shed;
    },

    /** Raw records after a sequence, as `readerAccountId` may read them (null: a plaza, read by all). */
    musesAfter: (conversationId: string, after: number, limit: number, readerAccountId: string | null) =>
      repo.musesAfter(conversationId, after, limit, readerAccountId),
    /**
     * A socket's catch-up as it joins: the muses after a sequence as every reader sees them, each
     * with whom it is hidden from, and their translations (joins asked for together share the reads).
     */
    catchUpPage: (conversationId: string, after: number, limit: number) =>
      repo.catchUpPage(conversationId, after, limit),
    /** The accounts in a conversation with a block between them and `accountId`. */
    blockedReaders: (conversationId: string, accountId: string) => repo.blockedReaders(conversationId, { accountId }),

    async send(
      actor: Actor,
      conversationId: string,
      input: MuseSendInput,
      /** How it came in, for the metrics. */
      via: MuseVia,
    ): Promise<{ muse: Muse; created: boolean; record: MuseRecord; detected: Detected | null }> {
      return gate.admit(() => sendNow(actor, conversationId, input, via));
    },

    async musesPage(
      actor: Actor,
      conversationId: string,
      query: { after?: number | undefined; before?: number | undefined; limit: number },
    ) {
      const { member } = await membership(conversationId, actor);
      const page =
        query.before !== undefined
          ? await repo.musesBefore(conversationId, query.before, query.limit, actor.accountId ?? null)
          : await repo.musesAfter(conversationId, query.after ?? 0, query.limit, actor.accountId ?? null);
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

    /**
     * The account that sent a muse the actor can read and its text (for a report); null for a
     * plaza guest's. A muse the actor cannot read is not found.
     */
    async reportedMuse(actor: Actor, museId: string): Promise<{ accountId: string; text: string } | null> {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      await membership(muse.conversationId, actor);
      const accountId = (await repo.findMemberById(muse.senderMemberId))?.accountId;
      return accountId ? { accountId, text: muse.deletedAt ? '' : muse.text } : null;
    },

    /** A reader asks for a language nobody in the conversation reads (the detail screen). */
    async translateOnDemand(actor: Actor, museId: string, to: string): Promise<MuseTranslation> {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      await membership(muse.conversationId, actor);
      if (muse.deletedAt || !muse.text) throw new AppError('bad_request', 'This muse has no text to translate.');
      if (baseLanguage(muse.sourceLanguage) === baseLanguage(to)) return originalVersion(muse, to);
      const [existing] = await repo.translationsFor([muse.id], to);
      if (existing && !existing.stale && existing.state === 'ready') return translationFromRow(existing);
      return delivery.translateNow(muse, to);
    },

    /**
     * A reader flags the machine translation of a muse they can read (a chat they are in, a plaza
     * they host) into one language. Only a stored, current, engine-made translation can be flagged.
     */
    async flagTranslation(actor: Actor, museId: string, to: string) {
      if (!actor.accountId || !actor.tenantId) throw notFound('Muse');
      const muse = await repo.findMuse(museId);
      if (!muse || muse.deletedAt) throw notFound('Muse');
      const { conversation } = await membership(muse.conversationId, actor);
      if (conversation.tenantId !== actor.tenantId) throw notFound('Muse');
      const [version] = await repo.translationsFor([muse.id], to);
      if (!version || version.stale || version.state !== 'ready' || version.engine === null || version.text === null) {
        throw fieldError('to', 'This muse has no machine translation into this language.');
      }
      return deps.flags.flag({
        tenantId: actor.tenantId,
        accountId: actor.accountId,
        museId: muse.id,
        engine: version.engine,
        pivot: version.pivot,
        from: muse.sourceLanguage,
        to: version.targetLanguage,
        sourceText: muse.text,
        targetText: version.text,
      });
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
      // Its recording goes with it, bytes and all: nobody plays it again.
      if (muse.voiceId) await deps.voice?.remove(muse.voiceId);
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
  /** A voice muse carries only its sender's own recording, in their tenant, sent once. */
  async function ownVoice(actor: Actor, voiceId: string) {
    const clip =
      actor.accountId && actor.tenantId && deps.voice
        ? await deps.voice.sendable(voiceId, { accountId: actor.accountId, tenantId: actor.tenantId })
        : undefined;
    if (!clip) throw notFound('Recording');
    return { id: voiceId, durationMs: clip.durationMs };
  }

  async function assertOwnPhoto(actor: Actor, conversationId: string, photoId: string) {
    const own = await deps.uploads.sendable(photoId, { accountId: actor.accountId, conversationId });
    if (!own) throw fieldError('photoId', 'This photo was not found. Upload it again.');
  }
}

export type MusesService = ReturnType<typeof createMusesService>;
