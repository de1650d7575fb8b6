import type { ConversationEndedEvent, MuseDeletedEvent, PresenceEvent, ReadEvent } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import type { ErrorCode } from '@tolk/shared/error-codes';
import { watchSeqGaps } from '@tolk/shared/seq-gaps';
import { onServerEvent, type JoinedConversation, type RealtimeConnection } from './realtime';

/**
 * What a screen hears of one conversation, a chat thread or a plaza alike: its muses (each copy
 * as the server sent it, for the one merge rule of muse-copies.ts), deletions, read marks, who is
 * online, and the end of it. Every handler is optional; events of other conversations never reach
 * it, and payloads are parsed by the shared schemas before they do.
 */
export interface ConversationListeners {
  /** The newest sequence held: the server replays everything after it on every (re)join. */
  lastSeq: () => number;
  onJoined?: (joined: JoinedConversation) => void;
  onJoinFailed?: (failure: { code: ErrorCode; message: string }) => void;
  /** A new muse, or a newer copy of one (a translation finished, an edit). */
  onMuse?: (muse: Muse, kind: 'new' | 'updated') => void;
  onDeleted?: (event: MuseDeletedEvent) => void;
  onRead?: (event: ReadEvent) => void;
  onPresence?: (event: PresenceEvent) => void;
  /** Who is connected right now: the join's list, then kept by every presence event. */
  onOnline?: (online: ReadonlySet<string>) => void;
  /** The plaza's languages changed (the audience's was detected). */
  onLanguages?: () => void;
  onEnded?: (reason: ConversationEndedEvent['reason']) => void;
}

/**
 * Follows a conversation on a realtime connection: holds the connection, joins the conversation
 * (again after every reconnect, with the newest sequence held, and after the first hole in the
 * sequence that stays open) and routes its events. Returns the unfollow, which leaves and lets the
 * connection go.
 */
export function followConversation(
  connection: RealtimeConnection,
  conversationId: string,
  listeners: ConversationListeners,
): () => void {
  const socket = connection.socket();
  const mine = (event: { conversationId: string }) => event.conversationId === conversationId;
  let online: ReadonlySet<string> = new Set();
  const setOnline = (next: ReadonlySet<string>) => {
    online = next;
    listeners.onOnline?.(online);
  };

  // A hole is filled by the server's own catch-up: a join that replays everything after it.
  const gaps = watchSeqGaps((afterSeq) => {
    connection.catchUp(conversationId, afterSeq);
  });

  const offs = [
    onServerEvent(socket, 'muse:new', (muse) => {
      if (!mine(muse)) return;
      const held = listeners.lastSeq();
      listeners.onMuse?.(muse, 'new');
      gaps.saw(muse.seq, held);
    }),
    onServerEvent(socket, 'muse:updated', (muse) => {
      if (mine(muse)) listeners.onMuse?.(muse, 'updated');
    }),
    onServerEvent(socket, 'muse:deleted', (event) => {
      if (mine(event)) listeners.onDeleted?.(event);
    }),
    onServerEvent(socket, 'read', (event) => {
      if (mine(event)) listeners.onRead?.(event);
    }),
    onServerEvent(socket, 'presence', (event) => {
      if (!mine(event)) return;
      if (online.has(event.username) !== event.online) {
        const next = new Set(online);
        if (event.online) next.add(event.username);
        else next.delete(event.username);
        setOnline(next);
      }
      listeners.onPresence?.(event);
    }),
    onServerEvent(socket, 'plaza:languages', (event) => {
      if (mine(event)) listeners.onLanguages?.();
    }),
    onServerEvent(socket, 'conversation:ended', (event) => {
      if (mine(event)) listeners.onEnded?.(event.reason);
    }),
  ];
  const release = connection.acquire();
  const leave = connection.join(conversationId, {
    lastSeq: listeners.lastSeq,
    onJoined: (joined) => {
      gaps.heldThrough(joined.lastSeq);
      setOnline(new Set(joined.online));
      listeners.onJoined?.(joined);
    },
    onJoinFailed: (failure) => listeners.onJoinFailed?.(failure),
  });
  return () => {
    gaps.stop();
    leave();
    for (const off of offs) off();
    release();
  };
}
