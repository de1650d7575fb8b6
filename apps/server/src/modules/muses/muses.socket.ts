import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  joinRequestSchema,
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

/** Socket handlers for one connection: join with catch-up, leave, send, typing, read, presence. */
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

  return (socket: TolkSocket) => {
    const caller = socket.data.caller;
    /**
     * Per joined conversation, the accounts in it with a block between them and this socket's
     * account: they neither hear of it (typing, presence) nor are listed to it as online.
     */
    const hiddenIn = new Map<string, string[]>();
    /** This socket's news to a conversation's room, minus those it is hidden from. */
    const toRoom = (conversationId: string) =>
      socket.to(conversationRoom(conversationId)).except((hiddenIn.get(conversationId) ?? []).map(accountRoom));
    const name = caller.username || caller.displayName;

    /** Leaves every room of one conversation, whatever reading settings put the socket there. */
    async function leaveRooms(conversationId: string) {
      const memberId = socket.data.joined.get(conversationId);
      for (const room of conversationRoomsAmong(conversationId, memberId, socket.rooms)) await socket.leave(room);
    }

    // A socket resumed by connection-state recovery gets its old rooms back: only while still a member.
    if (socket.recovered) {
      for (const conversationId of [...socket.data.joined.keys()]) {
        void service.membership(conversationId, actorOf(socket)).catch(async () => {
          await leaveRooms(conversationId);
          socket.data.joined.delete(conversationId);
        });
      }
    }

    /** The name a socket's person is shown by in presence and in who is online. */
    const nameOf = (s: { data: unknown }) => {
      const { caller: other } = s.data as SocketData;
      return other.username || other.displayName;
    };
    const socketsIn = (conversationId: string) => socket.nsp.in(conversationRoom(conversationId)).fetchSockets();
    /** Who is online among `sockets` of a conversation, less those hidden from this socket. */
    function namesOnline(conversationId: string, sockets: Awaited<ReturnType<typeof socketsIn>>) {
      const hidden = new Set(hiddenIn.get(conversationId));
      return [
        ...new Set(sockets.filter((s) => !hidden.has((s.data as SocketData).caller.accountId ?? '')).map(nameOf)),
      ];
    }
    const onlineIn = async (conversationId: string) => namesOnline(conversationId, await socketsIn(conversationId));

    /**
     * Joins under way on this socket, by conversation and sequence: a client that asks again
     * before the answer came (its time-out, on a server busy with a restart's every socket at
     * once) waits for that same answer, and the server does not read and replay it all twice.
     */
    const joining = new Map<string, ReturnType<typeof join>>();

    socket.on('conversation:join', (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = joinRequestSchema.safeParse(raw);
      if (!parsed.success) {
        reply(failure(invalid(parsed.error)));
        return;
      }
      const key = `${parsed.data.conversationId} ${parsed.data.lastSeq}`;
      const under = joining.get(key);
      if (under) {
        void under.then(reply);
        return;
      }
      const answer = join(parsed.data);
      joining.set(key, answer);
      void answer.then((result) => {
        joining.delete(key);
        reply(result);
      });
    });

    async function join({ conversationId, lastSeq }: { conversationId: string; lastSeq: number }) {
      try {
        const reader = caller.accountId ?? null;
        // Both at once: on the embedded database each read waits its turn behind every other join's.
        const [{ conversation, member }, hidden] = await Promise.all([
          service.membership(conversationId, actorOf(socket)),
          reader ? service.blockedReaders(conversationId, reader) : undefined,
        ]);
        // A plaza screen shows both sides, so it reads in both of its languages.
        const plaza = plazaLanguages(conversation);
        const readers = plaza ? plaza.map((language) => ({ readingLanguage: language, readsWithout: [] })) : [member];
        await leaveRooms(conversationId);
        // Join before reading the backlog: a muse landing in between arrives twice, never zero times.
        await socket.join(readerRooms(conversation, member));
        socket.data.joined.set(conversationId, member.id);
        if (hidden) hiddenIn.set(conversationId, hidden);
        // Read after joining the rooms: a muse stored since comes through them, one stored before
        // is on these pages (each page one read shared by the joins asked for together).
        let after = lastSeq;
        for (;;) {
          const page = await service.catchUpPage(conversationId, after, CATCH_UP_PAGE);
          // A block between the reader and a sender hides the sender's muses (a plaza guest reads all).
          const visible = reader ? page.rows.filter((muse) => !muse.hiddenFrom.includes(reader)) : page.rows;
          for (const reader of readers) {
            const views = await service.viewsFor(visible, reader, page.translations);
            for (const muse of views) socket.emit('muse:new', muse);
          }
          after = page.rows.at(-1)?.seq ?? after;
          if (!page.hasMore) break;
        }
        const present = await socketsIn(conversationId);
        // News only with the person's first socket here: the others have already told the room.
        if (!present.some((other) => other.id !== socket.id && nameOf(other) === name)) {
          toRoom(conversationId).emit('presence', { conversationId, username: name, online: true });
        }
        metrics.conversationJoined();
        return { ok: true as const, lastSeq: after, online: namesOnline(conversationId, present) };
      } catch (error) {
        return failure(error);
      }
    }

    socket.on('muse:send', (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      void (async () => {
        // Plaza guests write through their plaza, which knows their side and its own limits.
        const accountId = caller.accountId;
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
        reply({ ok: true, muse, created });
      })().catch((error: unknown) => {
        reply(failure(error));
      });
    });

    socket.on('conversation:leave', (raw) => {
      const parsed = leaveRequestSchema.safeParse(raw);
      if (!parsed.success || !socket.data.joined.has(parsed.data.conversationId)) return;
      const { conversationId } = parsed.data;
      void leaveRooms(conversationId).finally(() => socket.data.joined.delete(conversationId));
      toRoom(conversationId).emit('presence', { conversationId, username: name, online: false });
      hiddenIn.delete(conversationId);
    });

    socket.on('typing', (raw) => {
      const parsed = typingRequestSchema.safeParse(raw);
      // The room, not the join record: a member who was removed has been taken out of it.
      if (!parsed.success || !socket.rooms.has(conversationRoom(parsed.data.conversationId))) return;
      toRoom(parsed.data.conversationId).emit('typing', {
        conversationId: parsed.data.conversationId,
        username: name,
        displayName: caller.displayName || caller.username,
        typing: parsed.data.typing,
      });
    });

    socket.on('read', (raw) => {
      const parsed = readRequestSchema.safeParse(raw);
      if (!parsed.success || !socket.data.joined.has(parsed.data.conversationId)) return;
      void service
        .membership(parsed.data.conversationId, actorOf(socket))
        .then(({ member }) => service.markRead(member, parsed.data.seq))
        .catch(() => undefined);
    });

    socket.on('disconnect', () => {
      // A server shutting down lets every socket go: no presence news, and no questions to the
      // other instances while its Redis clients close.
      if (isClosing()) return;
      for (const conversationId of socket.data.joined.keys()) {
        void onlineIn(conversationId)
          .then((online) => {
            if (!online.includes(name)) {
              socket.nsp
                .to(conversationRoom(conversationId))
                .except((hiddenIn.get(conversationId) ?? []).map(accountRoom))
                .emit('presence', { conversationId, username: name, online: false });
            }
          })
          .catch(() => undefined);
      }
    });
  };
}
