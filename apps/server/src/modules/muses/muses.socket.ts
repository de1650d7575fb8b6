import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  joinRequestSchema,
  type ClientToServerEvents,
  leaveRequestSchema,
  readRequestSchema,
  sendMuseRequestSchema,
  typingRequestSchema,
  type AckError,
} from '@tolk/shared/realtime';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Metrics } from '../../plugins/metrics';
import { accountRoom, type SocketData, type TolkSocket } from '../../plugins/realtime';
import type { WindowCounter } from '../../plugins/window-counter';
import { AppError } from '../../errors';
import { errorReply } from '../../plugins/errors';
import type { Actor, MusesService } from './muses.service';
import { conversationRoom, conversationRoomsAmong, plazaLanguages, readerRooms } from './rooms';

const CATCH_UP_PAGE = 100;

export interface SocketSendLimit {
  /** Muses one account may send over sockets per window (the REST route has the same budget). */
  max: number;
  windowMs: number;
  counter: WindowCounter;
}

export interface SocketHandlerOptions {
  actorOf: (socket: TolkSocket) => Actor;
  sendLimit: SocketSendLimit;
  /** The server is shutting down: sockets are let go, nobody needs presence news about it. */
  isClosing: () => boolean;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'conversationJoined'>;
}

/** A request's fields that failed its schema, as a validation error naming each field. */
function invalid(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  return new AppError('validation_failed', SERVER_MESSAGES.invalidFields, fields);
}

/** The name a socket's person is shown by in presence and in who is online. */
function nameOf(socket: { data: unknown }): string {
  const { caller } = socket.data as SocketData;
  return caller.username || caller.displayName;
}

type JoinAnswer = Parameters<Parameters<ClientToServerEvents['conversation:join']>[1]>[0];

/**
 * What a socket holds beyond its SocketData, only while it has any: one idle socket costs what
 * Socket.IO costs and little more (the handlers below are shared by every socket, with the
 * socket as `this`, not made again for each).
 * - `hidden`: per joined conversation, the accounts in it with a block between them and this
 *   socket's account: they neither hear of it (typing, presence) nor are listed to it as online.
 *   Kept only for a conversation with any.
 * - `joining`: joins under way, by conversation and sequence: a client that asks again before
 *   the answer came (its time-out, on a server busy with a restart's every socket at once) waits
 *   for that same answer, and the server does not read and replay it all twice.
 */
const hiddenBySocket = new WeakMap<TolkSocket, Map<string, string[]>>();
const joiningBySocket = new WeakMap<TolkSocket, Map<string, Promise<JoinAnswer>>>();

const hiddenIn = (socket: TolkSocket, conversationId: string): string[] =>
  hiddenBySocket.get(socket)?.get(conversationId) ?? [];

function setHidden(socket: TolkSocket, conversationId: string, accounts: string[] | undefined) {
  const hidden = hiddenBySocket.get(socket);
  if (accounts?.length) {
    if (hidden) hidden.set(conversationId, accounts);
    else hiddenBySocket.set(socket, new Map([[conversationId, accounts]]));
  } else if (hidden?.delete(conversationId) && hidden.size === 0) hiddenBySocket.delete(socket);
}

/** This socket's news to a conversation's room, minus those it is hidden from. */
const toRoom = (socket: TolkSocket, conversationId: string) =>
  socket.to(conversationRoom(conversationId)).except(hiddenIn(socket, conversationId).map(accountRoom));

/** Leaves every room of one conversation, whatever reading settings put the socket there. */
async function leaveRooms(socket: TolkSocket, conversationId: string) {
  const memberId = socket.data.joined.get(conversationId);
  for (const room of conversationRoomsAmong(conversationId, memberId, socket.rooms)) await socket.leave(room);
}

const socketsIn = (socket: TolkSocket, conversationId: string) =>
  socket.nsp.in(conversationRoom(conversationId)).fetchSockets();

/** Who is online among `sockets` of a conversation, less those hidden from this socket. */
function namesOnline(socket: TolkSocket, conversationId: string, sockets: { data: unknown }[]) {
  const hidden = new Set(hiddenIn(socket, conversationId));
  return [...new Set(sockets.filter((s) => !hidden.has((s.data as SocketData).caller.accountId ?? '')).map(nameOf))];
}

type SendAnswer = Parameters<Parameters<ClientToServerEvents['muse:send']>[1]>[0];
/** The acknowledgement to answer with; a client may send without asking for one. */
const replyOf = <T>(ack: ((result: T) => void) | undefined): ((result: T) => void) =>
  typeof ack === 'function' ? ack : () => undefined;

/** Socket handlers for every connection: join with catch-up, leave, send, typing, read, presence. */
export function museSocketHandlers(
  service: MusesService,
  { actorOf, sendLimit, isClosing, log, metrics }: SocketHandlerOptions,
) {
  /** An acknowledgement's error, shaped as over HTTP; failures of ours are logged, not told. */
  function failure(error: unknown): AckError {
    const reply = errorReply(error);
    if (reply.code === 'internal') log.error({ err: error }, 'socket event failed');
    return { ok: false, error: reply };
  }

  async function join(socket: TolkSocket, { conversationId, lastSeq }: { conversationId: string; lastSeq: number }) {
    try {
      const reader = socket.data.caller.accountId ?? null;
      // Both at once: on the embedded database each read waits its turn behind every other join's.
      const [{ conversation, member }, hidden] = await Promise.all([
        service.membership(conversationId, actorOf(socket)),
        reader ? service.blockedReaders(conversationId, reader) : undefined,
      ]);
      // A plaza screen shows both sides, so it reads in both of its languages.
      const plaza = plazaLanguages(conversation);
      const readers = plaza ? plaza.map((language) => ({ readingLanguage: language, readsWithout: [] })) : [member];
      await leaveRooms(socket, conversationId);
      // Join before reading the backlog: a muse landing in between arrives twice, never zero times.
      await socket.join(readerRooms(conversation, member));
      socket.data.joined.set(conversationId, member.id);
      setHidden(socket, conversationId, hidden);
      // Read after joining the rooms: a muse stored since comes through them, one stored before
      // is on these pages (each page one read shared by the joins asked for together).
      let after = lastSeq;
      for (;;) {
        const page = await service.catchUpPage(conversationId, after, CATCH_UP_PAGE);
        // A block between the reader and a sender hides the sender's muses (a plaza guest reads all).
        const visible = reader ? page.rows.filter((muse) => !muse.hiddenFrom.includes(reader)) : page.rows;
        for (const reader of readers) {
          const views = await service.viewsFor(visible, reader, page.translations, (view) => {
            socket.emit('muse:updated', view);
          });
          for (const muse of views) socket.emit('muse:new', muse);
        }
        after = page.rows.at(-1)?.seq ?? after;
        if (!page.hasMore) break;
      }
      const present = await socketsIn(socket, conversationId);
      const name = nameOf(socket);
      // News only with the person's first socket here: the others have already told the room.
      if (!present.some((other) => other.id !== socket.id && nameOf(other) === name)) {
        toRoom(socket, conversationId).emit('presence', { conversationId, username: name, online: true });
      }
      metrics.conversationJoined();
      return { ok: true as const, lastSeq: after, online: namesOnline(socket, conversationId, present) };
    } catch (error) {
      return failure(error);
    }
  }

  function onJoin(this: TolkSocket, raw: unknown, ack?: (result: JoinAnswer) => void) {
    const reply = replyOf(ack);
    const parsed = joinRequestSchema.safeParse(raw);
    if (!parsed.success) {
      reply(failure(invalid(parsed.error)));
      return;
    }
    const key = `${parsed.data.conversationId} ${parsed.data.lastSeq}`;
    let joining = joiningBySocket.get(this);
    const under = joining?.get(key);
    if (under) {
      void under.then(reply);
      return;
    }
    const answer = join(this, parsed.data);
    if (!joining) joiningBySocket.set(this, (joining = new Map<string, Promise<JoinAnswer>>()));
    joining.set(key, answer);
    void answer.then((result) => {
      if (joining.delete(key) && joining.size === 0) joiningBySocket.delete(this);
      reply(result);
    });
  }

  async function send(socket: TolkSocket, raw: unknown) {
    // Plaza guests write through their plaza, which knows their side and its own limits.
    const accountId = socket.data.caller.accountId;
    if (!accountId) throw new AppError('forbidden', 'Guests send through their plaza.');
    const { count, resetMs } = await sendLimit.counter(`muse-send:${accountId}`, sendLimit.windowMs);
    if (count > sendLimit.max) {
      const seconds = Math.ceil(resetMs / 1000);
      throw new AppError('rate_limited', `Too many muses at once. Try again in ${seconds} seconds.`, undefined, {
        'retry-after': String(seconds),
      });
    }
    // Counted before it is read, as over HTTP: a flood of bad requests is a flood too.
    const parsed = sendMuseRequestSchema.safeParse(raw);
    if (!parsed.success) throw invalid(parsed.error);
    const { conversationId, ...input } = parsed.data;
    const { muse, created } = await service.send(actorOf(socket), conversationId, input, 'socket');
    return { ok: true as const, muse, created };
  }

  function onSend(this: TolkSocket, raw: unknown, ack?: (result: SendAnswer) => void) {
    const reply = replyOf(ack);
    send(this, raw)
      .then(reply)
      .catch((error: unknown) => {
        reply(failure(error));
      });
  }

  function onLeave(this: TolkSocket, raw: unknown) {
    const parsed = leaveRequestSchema.safeParse(raw);
    if (!parsed.success || !this.data.joined.has(parsed.data.conversationId)) return;
    const { conversationId } = parsed.data;
    void leaveRooms(this, conversationId).finally(() => this.data.joined.delete(conversationId));
    toRoom(this, conversationId).emit('presence', { conversationId, username: nameOf(this), online: false });
    setHidden(this, conversationId, undefined);
  }

  function onTyping(this: TolkSocket, raw: unknown) {
    const parsed = typingRequestSchema.safeParse(raw);
    // The room, not the join record: a member who was removed has been taken out of it.
    if (!parsed.success || !this.rooms.has(conversationRoom(parsed.data.conversationId))) return;
    const { caller } = this.data;
    toRoom(this, parsed.data.conversationId).emit('typing', {
      conversationId: parsed.data.conversationId,
      username: nameOf(this),
      displayName: caller.displayName || caller.username,
      typing: parsed.data.typing,
    });
  }

  function onRead(this: TolkSocket, raw: unknown) {
    const parsed = readRequestSchema.safeParse(raw);
    if (!parsed.success || !this.data.joined.has(parsed.data.conversationId)) return;
    void service
      .membership(parsed.data.conversationId, actorOf(this))
      .then(({ member }) => service.markRead(member, parsed.data.seq))
      .catch(() => undefined);
  }

  function onDisconnect(this: TolkSocket) {
    // A server shutting down lets every socket go: no presence news, and no questions to the
    // other instances while its Redis clients close.
    if (isClosing()) return;
    const name = nameOf(this);
    for (const conversationId of this.data.joined.keys()) {
      void socketsIn(this, conversationId)
        .then((sockets) => {
          if (!namesOnline(this, conversationId, sockets).includes(name)) {
            this.nsp
              .to(conversationRoom(conversationId))
              .except(hiddenIn(this, conversationId).map(accountRoom))
              .emit('presence', { conversationId, username: name, online: false });
          }
        })
        .catch(() => undefined);
    }
  }

  return (socket: TolkSocket) => {
    // A socket resumed by connection-state recovery gets its old rooms back: only while still a member.
    if (socket.recovered) {
      for (const conversationId of [...socket.data.joined.keys()]) {
        void service.membership(conversationId, actorOf(socket)).catch(async () => {
          await leaveRooms(socket, conversationId);
          socket.data.joined.delete(conversationId);
        });
      }
    }
    socket.on('conversation:join', onJoin);
    socket.on('muse:send', onSend);
    socket.on('conversation:leave', onLeave);
    socket.on('typing', onTyping);
    socket.on('read', onRead);
    socket.on('disconnect', onDisconnect);
  };
}
