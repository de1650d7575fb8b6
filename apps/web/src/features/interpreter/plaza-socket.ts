import type { PresenceEvent } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { realtimeConnection } from '../../lib/realtime';
import { followConversation } from '../../lib/live-conversation';

/**
 * A plaza's live events over the app's one realtime client: a member's plaza rides their shared
 * connection; a guest's plaza token gets a connection of its own (lib/realtime.ts). Joining,
 * rejoining after a reconnect with the newest sequence, and retrying are the client's.
 */
export type PlazaConnection = 'connecting' | 'connected' | 'disconnected';
export type PlazaEndReason = 'ended' | 'expired' | 'cleared';

export interface PlazaSocketHandlers {
  /** The newest sequence held: the server replays everything after it on (re)join. */
  lastSeq: () => number;
  onJoined: (online: string[]) => void;
  onJoinFailed: (code: string) => void;
  onMuse: (muse: Muse) => void;
  onPresence: (event: PresenceEvent) => void;
  onEnded: (reason: PlazaEndReason) => void;
  /** The plaza's languages changed (the audience's was detected). */
  onLanguages: () => void;
  onConnection: (state: PlazaConnection) => void;
}

/** Connects (a guest with their plaza token), joins the plaza and keeps it joined. Returns the disconnect. */
export function connectPlaza(
  plazaId: string,
  plazaToken: string | undefined,
  handlers: PlazaSocketHandlers,
): () => void {
  const connection = realtimeConnection(plazaToken);
  const report = () => {
    const { socket: state } = connection.snapshot();
    handlers.onConnection(
      state === 'connected' ? 'connected' : state === 'disconnected' ? 'disconnected' : 'connecting',
    );
  };
  const unsubscribe = connection.subscribe(report);
  const unfollow = followConversation(connection, plazaId, {
    lastSeq: handlers.lastSeq,
    onJoined: ({ online }) => {
      handlers.onJoined(online);
    },
    onJoinFailed: ({ code }) => {
      handlers.onJoinFailed(code);
    },
    onMuse: handlers.onMuse,
    onPresence: handlers.onPresence,
    onLanguages: handlers.onLanguages,
    onEnded: handlers.onEnded,
  });
  report();
  return () => {
    unfollow();
    unsubscribe();
  };
}
