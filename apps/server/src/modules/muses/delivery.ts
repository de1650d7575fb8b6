import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventName, ServerEventPayload } from '@tolk/shared/realtime';
import type { Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';
import type { Metrics } from '../../plugins/metrics';
import { accountRoom, memberRoom, type TolkServer } from '../../plugins/realtime';
import type { Audience, MusesRepository, MemberRow, MuseRecord, TranslationRow } from './muses.repository';
import { museView, readsAsIs, translationFromRow } from './muse-views';
import { conversationRoom, languageRoom, planFanOut, readerRooms, readsAsIsRoom, type FanOutPlan } from './rooms';
import { hasReading } from '../translation';
import { createMuseTranslations } from './muse-translations';
import { baseLanguage, type MuseTranslator } from './translator';

/**
 * Live delivery: the one owner of what goes out over the sockets. Services apply the rules and
 * store; they hand delivery the stored muse (and, when they have it, its audience), and delivery
 * translates it once per language present, sends each reading-language room its version, follows
 * up with late translations, retries what an engine failed, and moves sockets between rooms.
 * Room names and reader rooms are in rooms.ts; event shapes in packages/shared/src/realtime.ts.
 */

/** How long a new muse waits for its translations before going out as "pending". */
export const TRANSLATION_GRACE_MS = 300;
export { RETRY_BASE_MS, RETRY_MAX_MS } from './muse-translations';

/** The rooms a conversation's sockets may sit in, read before its rows change or go. */
export interface ConversationRooms {
  conversationId: string;
  all: string[];
  /** The membership rooms of members who have left. */
  departed: string[];
}

/** What delivery reads and writes: muse translations, readings, and who reads a conversation. */
export type DeliveryStore = Pick<
  MusesRepository,
  | 'translationsFor'
  | 'saveTranslations'
  | 'setTransliteration'
  | 'audience'
  | 'blockedReaders'
  | 'findMuse'
  | 'findConversation'
  | 'allMembers'
>;

export function createDelivery(deps: {
  store: DeliveryStore;
  translator: MuseTranslator;
  io: () => TolkServer | undefined;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'museEmitted' | 'museDelivered'>;
}) {
  const { store: repo, translator, log, metrics } = deps;
  /** Background deliveries, so shutdown and tests can wait for them. */
  const background = new Set<Promise<unknown>>();

  function track<T>(promise: Promise<T>): void {
    const tracked = promise.catch((error: unknown) => {
      log.error({ err: error }, 'background muse delivery failed');
    });
    background.add(tracked);
    void tracked.finally(() => background.delete(tracked));
  }
  const translations = createMuseTranslations({ store: repo, translator, log, track });
  const { translateMuse, retryIsDue } = translations;

  /**
   * Sends one muse to the rooms of a plan: each reading-language room gets its version, minus
   * the sockets that read the source unaided, which get the original from their own room. One
   * serialisation per room, whatever the number of readers in it. False when there is no socket server.
   */
  function broadcast(
    event: 'muse:new' | 'muse:updated',
    muse: MuseRecord,
    plan: Pick<FanOutPlan, 'rooms' | 'source' | 'unaidedReaders'>,
    translationOf: (language: string) => MuseTranslation | undefined,
    hiddenFrom: readonly string[],
  ): boolean {
    const io = deps.io();
    if (!io) return false;
    const c = muse.conversationId;
    const hidden = hiddenFrom.map(accountRoom);
    for (const { language, original } of plan.rooms) {
      // Readers of this language who read the source unaided take the original from their own room.
      const except = original || !plan.unaidedReaders ? hidden : [...hidden, readsAsIsRoom(c, plan.source)];
      const room = io.to(languageRoom(c, language));
      (except.length ? room.except(except) : room).emit(
        event,
        museView(muse, language, original ? undefined : translationOf(language)),
      );
    }
    if (plan.unaidedReaders) {
      const room = io.to(readsAsIsRoom(c, plan.source));
      (hidden.length ? room.except(hidden) : room).emit(event, museView(muse, muse.sourceLanguage, undefined));
    }
    metrics.museEmitted(event === 'muse:new' ? 'new' : 'updated', plan.rooms.length + (plan.unaidedReaders ? 1 : 0));
    return true;
  }

  /**
   * A translation finished after the muse went out: only its language room hears of it, minus
   * readers who read the source unaided (they keep the original).
   */
  async function announce(muse: MuseRecord, translation: MuseTranslation, hiddenFrom?: readonly string[]) {
    // Still failing: the reader already sees "translating"; a later retry announces the result.
    if (translation.state === 'pending') return;
    const c = muse.conversationId;
    if (!deps.io()) return;
    const hidden = hiddenFrom ?? (await hiddenFromOf(muse));
    deps
      .io()
      ?.to(languageRoom(c, translation.to))
      .except([readsAsIsRoom(c, baseLanguage(muse.sourceLanguage)), ...hidden.map(accountRoom)])
      .emit('muse:updated', museView(muse, translation.to, translation));
    metrics.museEmitted('updated', 1);
  }

  /** Who must not get a muse: members with a block between them and its sender. */
  async function hiddenFromOf(muse: MuseRecord): Promise<string[]> {
    return repo.blockedReaders(muse.conversationId, { memberId: muse.senderMemberId });
  }

  /**
   * DESIGN section 2: the muse is stored and acknowledged before this runs. Translate once per
   * target language present, wait briefly, then send each language room its version; whatever
   * was not ready follows as `muse:updated`.
   */
  async function fanOut(muse: MuseRecord, event: 'muse:new' | 'muse:updated', audience?: Audience) {
    // The service hands a muse over as soon as its append is stored.
    const stored = performance.now();
    // Read at every muse, with the muse itself when it is new (no per-process cache: another
    // instance may change the members).
    const known = audience ?? { ...(await repo.audience(muse.conversationId)), hiddenFrom: await hiddenFromOf(muse) };
    const plan = planFanOut(muse.sourceLanguage, known);
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
    if (broadcast(event, muse, plan, (language) => settled.get(language), known.hiddenFrom) && event === 'muse:new') {
      metrics.museDelivered((performance.now() - stored) / 1000);
    }
    const late = [...pending].filter(([language]) => !settled.has(language));
    const readingLate = reading !== undefined && muse.transliteration === null;
    await Promise.all([
      ...late.map(async ([, promise]) => announce(muse, await promise, known.hiddenFrom)),
      readingLate &&
        reading.then((found) => {
          // Every reader hears of it, each in their language with what is settled by now.
          if (found) broadcast('muse:updated', muse, plan, (language) => settled.get(language), known.hiddenFrom);
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
        const [audience, rows, hiddenFrom] = await Promise.all([
          repo.audience(muse.conversationId),
          repo.translationsFor([muse.id]),
          hiddenFromOf(muse),
        ]);
        const stored = new Map(rows.map((row) => [row.targetLanguage, translationFromRow(row)]));
        broadcast(
          'muse:updated',
          muse,
          planFanOut(muse.sourceLanguage, audience),
          (language) => stored.get(language),
          hiddenFrom,
        );
      }),
    );
  }

  /**
   * Views for one reader; muses whose translation is missing, stale or due a retry get one started.
   * `stored`: the muses' translations when already read (a catch-up page's, in every language).
   * `late`: how this one reader hears of a translation that was not ready (a joining socket's own
   * `muse:updated`); without it, the language room is told. A restart's thousands of joins each
   * find the newest muses' translations still in flight: told to each room, every join would make
   * its whole room hear of them again (and ask who is hidden from them once more).
   */
  async function viewsFor(
    records: MuseRecord[],
    member: Pick<MemberRow, 'readingLanguage' | 'readsWithout'>,
    stored?: TranslationRow[],
    late?: (view: Muse) => void,
  ) {
    const language = member.readingLanguage;
    const rows = stored
      ? stored.filter((row) => row.targetLanguage === language)
      : await repo.translationsFor(
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
        // Repair after a restart, an edit or an engine outage: translate now, tell the reader (or
        // the room) when done; a translation already under way is waited for, not made again.
        const started = translateMuse(muse, [language]).get(language);
        if (started) {
          track(
            started.then(async (translation) => {
              if (!late) await announce(muse, translation);
              // Still failing: the reader sees "translating"; a later retry tells the room.
              else if (translation.state !== 'pending') {
                late(museView(muse, language, translation, member.readsWithout));
              }
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
    await Promise.all(
      translations.due(now).map(async ({ museId, language }) => {
        const muse = await repo.findMuse(museId);
        if (!muse || muse.deletedAt || !muse.text) {
          translations.forget(museId, language);
          return;
        }
        const started = translateMuse(muse, [language]).get(language);
        if (started) await announce(muse, await started);
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

  /**
   * Sends one event to everyone showing a conversation, its payload typed by the shared schema
   * of that event (deletions, read marks, plaza endings and language changes).
   */
  function toConversation<Name extends ServerEventName>(
    conversationId: string,
    event: Name,
    payload: ServerEventPayload<Name>,
  ) {
    const io = deps.io();
    // Socket.IO's typed emit cannot follow a generic event name; the payload is typed above.
    (io?.to(conversationRoom(conversationId)).emit as ((event: string, payload: unknown) => void) | undefined)?.(
      event,
      payload,
    );
  }

  /** A member's reading settings changed: their sockets move to the rooms of the new ones. */
  function moveReader(
    conversation: Parameters<typeof readerRooms>[0],
    before: Parameters<typeof readerRooms>[1],
    after: Parameters<typeof readerRooms>[1],
  ) {
    const io = deps.io();
    if (!io) return;
    const was = readerRooms(conversation, before);
    const now = readerRooms(conversation, after);
    const gone = was.filter((room) => !now.includes(room));
    const added = now.filter((room) => !was.includes(room));
    if (gone.length) io.in(memberRoom(before.id)).socketsLeave(gone);
    if (added.length) io.in(memberRoom(before.id)).socketsJoin(added);
  }

  return {
    /** A new or changed muse, stored: translated, sent to every reader, followed up. In the background. */
    deliver(muse: MuseRecord, event: 'muse:new' | 'muse:updated', audience?: Audience) {
      track(fanOut(muse, event, audience));
    },
    viewsFor,
    versionsIn,
    /** A reader asks for one language (the detail screen): stored like every translation. */
    translateNow: (muse: MuseRecord, language: string) => translateMuse(muse, [language]).get(language)!,
    toConversation,
    moveReader,
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
    /** Muses still being fanned out (translated, written to their readers' sockets). */
    backlog: () => background.size,
    /** Waits for background deliveries (tests, shutdown). */
    async idle() {
      while (background.size) await Promise.allSettled([...background]);
      await translations.idle();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
