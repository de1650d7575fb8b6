import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Conversation,
  ConversationSummary,
  Muse,
  MuseDetail,
  MuseTranslation,
} from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { groupCommit } from '../../db/group-commit';
import { AppError, fieldError, forbidden, isUniqueViolation, notFound } from '../../errors';
import {
  accountRoom,
  conversationRoom,
  languageRoom,
  memberRoom,
  readsAsIsRoom,
  type TolkServer,
} from '../../plugins/realtime';
import type {
  Audience,
  ConversationRow,
  ConversationsRepository,
  MemberRow,
  MuseRecord,
  TranslationRow,
} from './conversations.repository';
import { memberView, museView, readsAsIs, translationFromRow } from './muse-views';
import { planFanOut, readerRooms, type FanOutPlan } from './reader-rooms';
import { hasReading } from '../translation/transliteration/transliterate';
import { baseLanguage, isLastingFailure, type MuseTranslator, type TranslatedText } from './translator';

/** What detection made of a muse's language, when it was asked (no `from` given). */
type Detected = ReturnType<MuseTranslator['detect']>;

/** How long a new muse waits for its translations before going out as "pending". */
export const TRANSLATION_GRACE_MS = 300;
/** A translation the engine failed is tried again after this, doubling per failure up to the cap. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** After this many failures in a row the background stops; a reader opening the muse still retries. */
const RETRY_BACKGROUND_ATTEMPTS = 12;
const retryDelay = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** The rooms a conversation's sockets may sit in, read before its rows change or go. */
export interface ConversationRooms {
  conversationId: string;
  all: string[];
  /** The membership rooms of members who have left. */
  departed: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

export function createConversationsService(deps: {
  repo: ConversationsRepository;
  translator: MuseTranslator;
  io: () => TolkServer | undefined;
  log: FastifyBaseLogger;
}) {
  const { repo, translator, log } = deps;
  /** One translation per (muse, language) in flight in this process, however many ask for it. */
  const inflight = new Map<string, Promise<MuseTranslation>>();
  /** Background deliveries, so shutdown and tests can wait for them. */
  const background = new Set<Promise<unknown>>();
  /** Translations an engine failed, by `${museId}:${language}`: how often, and when to try again. */
  const retries = new Map<string, { museId: string; language: string; attempts: number; dueAt: number }>();

  /** Translations of muses finished together are stored together (one statement under load). */
  const translationWrites = groupCommit(
    async (batch: { museId: string; text: string; rows: ReturnType<typeof toRow>[] }[]) => {
      const stored = await repo.saveTranslations(batch);
      return batch.map((item) => stored.has(item.museId));
    },
  );

  function track<T>(promise: Promise<T>): void {
    const tracked = promise.catch((error: unknown) => {
      log.error({ err: error }, 'background muse delivery failed');
    });
    background.add(tracked);
    void tracked.finally(() => background.delete(tracked));
  }

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

  function toRow(museId: string, sourceHash: string, result: TranslatedText) {
    // skipped: nothing in it to translate (a link, an emoji): the text stands as it is.
    const done = result.state === 'ready' || result.state === 'skipped';
    return {
      museId,
      targetLanguage: result.to,
      text: done ? result.text : null,
      transliteration: done ? result.transliteration : null,
      engine: result.engine,
      pivot: result.pivot ?? null,
      sourceHash,
      // Only "no engine for this pair" is final; an engine that failed is asked again later.
      state: done ? ('ready' as const) : isLastingFailure(result) ? ('unavailable' as const) : ('pending' as const),
      reason: done ? null : (result.reason ?? 'The translation engine did not answer; trying again.'),
    };
  }

  function noteOutcome(row: { museId: string; targetLanguage: string; state: string }) {
    const key = `${row.museId}:${row.targetLanguage}`;
    if (row.state !== 'pending') {
      retries.delete(key);
      return;
    }
    const attempts = (retries.get(key)?.attempts ?? 0) + 1;
    retries.set(key, {
      museId: row.museId,
      language: row.targetLanguage,
      attempts,
      dueAt: Date.now() + retryDelay(attempts),
    });
  }

  /** A stored translation the engine failed, whose wait is over (a reader's visit retries it). */
  function retryIsDue(row: TranslationRow, now = Date.now()) {
    if (row.state !== 'pending' || row.stale) return false;
    const attempts = retries.get(`${row.museId}:${row.targetLanguage}`)?.attempts ?? 1;
    return row.updatedAt.getTime() + retryDelay(attempts) <= now;
  }

  /**
   * Translates one muse into the given languages in one engine round, stores the results and
   * resolves per language. Engine trouble becomes `unavailable`, never an exception.
   */
  function translateMuse(muse: MuseRecord, languages: string[]): Map<string, Promise<MuseTranslation>> {
    const out = new Map<string, Promise<MuseTranslation>>();
    const missing: string[] = [];
    for (const language of languages) {
      const running = inflight.get(`${muse.id}:${language}:${muse.editedAt?.getTime() ?? 0}`);
      if (running) out.set(language, running);
      else missing.push(language);
    }
    if (!missing.length) return out;
    const sourceHash = sha256(muse.text);
    const batch = (async () => {
      let results: TranslatedText[];
      try {
        results = await translator.translate(muse.text, muse.sourceLanguage, missing);
      } catch (error) {
        log.warn({ err: error, museId: muse.id }, 'translation failed');
        results = missing.map((to) => ({
          to,
          text: null,
          transliteration: null,
          engine: null,
          state: 'pending' as const,
          reason: 'The translation service failed; the original is shown until it answers.',
        }));
      }
      const rows = missing.map((to) => {
        const result = results.find((r) => r.to === to) ?? {
          to,
          text: null,
          transliteration: null,
          engine: null,
          state: 'unavailable' as const,
          reason: `no translation for ${to}`,
        };
        return toRow(muse.id, sourceHash, result);
      });
      // Readers need not wait for the write: the translation goes out as soon as it is known, and
      // is stored alongside (a reader who asks before it is stored gets it translated again from
      // the memory). A muse edited or deleted meanwhile keeps its stale mark; the newer run stores
      // its own.
      const stored = translationWrites.submit({ museId: muse.id, text: muse.text, rows }).then((saved) => {
        if (saved) for (const row of rows) noteOutcome(row);
      });
      track(stored);
      const views = new Map(
        rows.map((row) => [row.targetLanguage, translationFromRow({ ...row, stale: false, updatedAt: new Date() })]),
      );
      return { views, stored };
    })();
    for (const language of missing) {
      const key = `${muse.id}:${language}:${muse.editedAt?.getTime() ?? 0}`;
      const one = batch.then(({ views }) => views.get(language)!);
      inflight.set(key, one);
      // In flight until stored, so nobody translates it again meanwhile.
      void batch
        .then(({ stored }) => stored)
        .catch(() => undefined)
        .finally(() => inflight.delete(key));
      out.set(language, one);
    }
    return out;
  }

  /**
   * Sends one muse to the rooms of a plan: each reading-language room gets its version, minus
   * the sockets that read the source unaided, which get the original from their own room. One
   * serialisation per room, whatever the number of readers in it.
   */
  function broadcast(
    event: 'muse:new' | 'muse:updated',
    muse: MuseRecord,
    plan: Pick<FanOutPlan, 'rooms' | 'source' | 'unaidedReaders'>,
    translationOf: (language: string) => MuseTranslation | undefined,
  ) {
    const io = deps.io();
    if (!io) return;
    const c = muse.conversationId;
    for (const { language, original } of plan.rooms) {
      const room = io.to(languageRoom(c, language));
      // Readers of this language who read the source unaided take the original from their own room.
      (original || !plan.unaidedReaders ? room : room.except(readsAsIsRoom(c, plan.source))).emit(
        event,
        museView(muse, language, original ? undefined : translationOf(language)),
      );
    }
    if (plan.unaidedReaders)
      io.to(readsAsIsRoom(c, plan.source)).emit(event, museView(muse, muse.sourceLanguage, undefined));
  }

  /**
   * A translation finished after the muse went out: only its language room hears of it, minus
   * readers who read the source unaided (they keep the original).
   */
  function announce(muse: MuseRecord, translation: MuseTranslation) {
    // Still failing: the reader already sees "translating"; a later retry announces the result.
    if (translation.state === 'pending') return;
    const c = muse.conversationId;
    deps
      .io()
      ?.to(languageRoom(c, translation.to))
      .except(readsAsIsRoom(c, baseLanguage(muse.sourceLanguage)))
      .emit('muse:updated', museView(muse, translation.to, translation));
  }

  /**
   * DESIGN section 2: the muse is stored and acknowledged before this runs. Translate once per
   * target language present, wait briefly, then send each language room its version; whatever
   * was not ready follows as `muse:updated`.
   */
  async function fanOut(muse: MuseRecord, event: 'muse:new' | 'muse:updated', audience?: Audience) {
    // Read at every muse, with the muse itself when it is new (no per-process cache: another
    // instance may change the members).
    const plan = planFanOut(muse.sourceLanguage, audience ?? (await repo.audience(muse.conversationId)));
    const pending = translateMuse(muse, muse.text && muse.deletedAt === null ? plan.targets : []);
    const settled = new Map<string, MuseTranslation>();
    for (const [language, promise] of pending) {
      void promise.then((t) => settled.set(language, t)).catch(() => undefined);
    }
    // The reading lands on `muse` itself, so every view made after it (late translations too) has it.
    const reading = readMuse(muse);
    const all = Promise.all([...pending.values(), reading]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, TRANSLATION_GRACE_MS)))]);
    clearTimeout(timer);
    broadcast(event, muse, plan, (language) => settled.get(language));
    const late = [...pending].filter(([language]) => !settled.has(language));
    const readingLate = reading !== undefined && muse.transliteration === null;
    await Promise.all([
      ...late.map(async ([, promise]) => {
        announce(muse, await promise);
      }),
      readingLate &&
        reading.then((found) => {
          // Every reader hears of it, each in their language with what is settled by now.
          if (found) broadcast('muse:updated', muse, plan, (language) => settled.get(language));
        }),
    ]);
  }

  /** Readings being made, by muse and version, so one muse is read once however many ask. */
  const readings = new Map<string, Promise<string | null>>();
  const readingKey = (muse: MuseRecord) => `${muse.id}:${muse.editedAt?.getTime() ?? 0}`;

  /**
   * The Latin-script reading of a muse's text, made after the append and stored; set on `muse`
   * when done. Undefined when the text needs none (Latin script, deleted) or already has one.
   */
  function readMuse(muse: MuseRecord): Promise<string | null> | undefined {
    if (muse.deletedAt !== null || !muse.text || muse.transliteration !== null || !hasReading(muse.text)) {
      return undefined;
    }
    const key = readingKey(muse);
    let running = readings.get(key);
    if (!running) {
      const text = muse.text;
      running = translator
        .transliterate(text, muse.sourceLanguage)
        .catch((error: unknown) => {
          log.warn({ err: error, museId: muse.id }, 'transliteration failed');
          return null;
        })
        .then(async (reading) => {
          // An edit meanwhile keeps its own reading: this one is stored only against its text.
          if (reading !== null) await repo.setTransliteration(muse.id, text, reading);
          return reading;
        })
        .finally(() => readings.delete(key));
      readings.set(key, running);
      track(running);
    }
    return running.then((reading) => {
      if (reading !== null && muse.text !== '' && muse.deletedAt === null) muse.transliteration = reading;
      return reading;
    });
  }

  /**
   * A muse whose reading was due but never stored (the process stopped between the append and
   * the reading): made now, and its readers told. One being made already is left to its maker.
   */
  function repairReading(muse: MuseRecord) {
    if (readings.has(readingKey(muse))) return;
    const reading = readMuse(muse);
    if (!reading) return;
    track(
      reading.then(async (found) => {
        if (!found) return;
        const [audience, rows] = await Promise.all([
          repo.audience(muse.conversationId),
          repo.translationsFor([muse.id]),
        ]);
        const stored = new Map(rows.map((row) => [row.targetLanguage, translationFromRow(row)]));
        broadcast('muse:updated', muse, planFanOut(muse.sourceLanguage, audience), (language) => stored.get(language));
      }),
    );
  }

  /** Views for one reader; muses whose translation is missing, stale or due a retry get one started. */
  async function viewsFor(records: MuseRecord[], member: Pick<MemberRow, 'readingLanguage' | 'readsWithout'>) {
    const language = member.readingLanguage;
    const rows = await repo.translationsFor(
      records.map((m) => m.id),
      language,
    );
    const byMuse = new Map(rows.map((row) => [row.museId, row]));
    const views: Muse[] = [];
    for (const muse of records) {
      repairReading(muse);
      const row = byMuse.get(muse.id);
      const needs = muse.deletedAt === null && muse.text && !readsAsIs(muse, language, member.readsWithout);
      if (needs && (!row || row.stale || retryIsDue(row))) {
        // Repair after a restart, an edit or an engine outage: translate now, tell the room when done.
        const started = translateMuse(muse, [language]).get(language);
        if (started) {
          track(
            started.then((translation) => {
              announce(muse, translation);
            }),
          );
        }
      }
      views.push(museView(muse, language, row ? translationFromRow(row) : undefined, member.readsWithout));
    }
    return views;
  }

  /** Tries again, in the background, every failed translation whose wait is over. */
  async function retryDue(now = Date.now()) {
    const due = [...retries.values()].filter((r) => r.dueAt <= now && r.attempts < RETRY_BACKGROUND_ATTEMPTS);
    await Promise.all(
      due.map(async ({ museId, language }) => {
        const muse = await repo.findMuse(museId);
        if (!muse || muse.deletedAt || !muse.text) {
          retries.delete(`${museId}:${language}`);
          return;
        }
        const started = translateMuse(muse, [language]).get(language);
        if (started) announce(muse, await started);
      }),
    );
  }

  /** Every room name the conversation's sockets may sit in, from all its membership rows. */
  async function roomsOf(conversationId: string): Promise<ConversationRooms> {
    const [conversation, members] = await Promise.all([
      repo.findConversation(conversationId),
      repo.allMembers(conversationId),
    ]);
    const all = new Set([conversationRoom(conversationId)]);
    if (conversation) for (const member of members) for (const room of readerRooms(conversation, member)) all.add(room);
    return {
      conversationId,
      all: [...all],
      departed: members.filter((m) => m.leftAt !== null).map((m) => memberRoom(m.id)),
    };
  }

  /**
   * Takes sockets out of every room of a conversation, on every instance (the adapter carries
   * it): those of members who left, or everyone's when the conversation goes.
   */
  function evict(rooms: ConversationRooms, who: 'departed' | 'everyone' | { accountId: string; memberId: string }) {
    const io = deps.io();
    if (!io) return;
    const from =
      who === 'everyone'
        ? [conversationRoom(rooms.conversationId)]
        : who === 'departed'
          ? rooms.departed
          : [accountRoom(who.accountId), memberRoom(who.memberId)];
    if (from.length) io.in(from).socketsLeave(rooms.all);
  }

  /** Every version of some muses in each of the given languages (plazas show both sides). */
  async function versionsIn(records: MuseRecord[], languages: string[]): Promise<MuseDetail[]> {
    const perLanguage = await Promise.all(
      languages.map((language) => viewsFor(records, { readingLanguage: language, readsWithout: [] })),
    );
    return records.map((_, index) => {
      const views = perLanguage.map((list) => list[index]!);
      const translations = views.map((v) => v.translation).filter((t): t is MuseTranslation => t !== null);
      return { ...views[0]!, translations };
    });
  }

  return {
    membership,
    conversationView,
    viewsFor,
    versionsIn,
    repo,
    roomsOf,
    evict,
    /** Retries failed translations whose wait is over; the plugin calls it on a timer. */
    retryDue: (now?: number) => {
      const run = retryDue(now).catch((error: unknown) => {
        log.warn({ err: error }, 'translation retry failed');
      });
      track(run);
      return run;
    },
    /** Waits for background deliveries (tests, shutdown). */
    async idle() {
      while (background.size) await Promise.allSettled([...background]);
      await translationWrites.idle();
    },

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
      evict(await roomsOf(conversationId), { accountId: target.id, memberId: leaving.member.id });
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
        const io = deps.io();
        if (updated && io) {
          const before = readerRooms(conversation, member);
          const after = readerRooms(conversation, updated);
          const gone = before.filter((room) => !after.includes(room));
          const added = after.filter((room) => !before.includes(room));
          if (gone.length) io.in(memberRoom(member.id)).socketsLeave(gone);
          if (added.length) io.in(memberRoom(member.id)).socketsJoin(added);
        }
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
      track(fanOut(record, 'muse:new', audience));
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
      return translateMuse(muse, [to]).get(to)!;
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
      track(fanOut(record, 'muse:updated'));
      return museView(record, member.readingLanguage, undefined, member.readsWithout);
    },

    async remove(actor: Actor, museId: string) {
      const muse = await repo.findMuse(museId);
      if (!muse) throw notFound('Muse');
      const { member } = await membership(muse.conversationId, actor);
      if (muse.senderMemberId !== member.id) throw forbidden('Only the sender deletes a muse.');
      if (!(await repo.deleteMuse(museId))) throw notFound('Muse');
      deps.io()?.to(conversationRoom(muse.conversationId)).emit('muse:deleted', {
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
      deps
        .io()
        ?.to(conversationRoom(member.conversationId))
        .emit('read', {
          conversationId: member.conversationId,
          username: view.username || view.displayName,
          seq: lastReadSeq,
        });
    }
    return lastReadSeq;
  }
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
