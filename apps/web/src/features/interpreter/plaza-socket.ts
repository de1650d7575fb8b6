import type { PresenceEvent } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { onServerEvent, realtimeConnection } from '../../lib/realtime';

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
  const socket = connection.socket();
  const report = () => {
    const { socket: state } = connection.snapshot();
    handlers.onConnection(
      state === 'connected' ? 'connected' : state === 'disconnected' ? 'disconnected' : 'connecting',
    );
  };
  const mine = (event: { conversationId: string }) => event.conversationId === plazaId;
  const offs = [
    connection.subscribe(report),
    onServerEvent(socket, 'muse:new', (muse) => {
      if (mine(muse)) handlers.onMuse(muse);
    }),
    onServerEvent(socket, 'muse:updated', (muse) => {
      if (mine(muse)) handlers.onMuse(muse);
    }),
    onServerEvent(socket, 'presence', (event) => {
      if (mine(event)) handlers.onPresence(event);
    }),
    onServerEvent(socket, 'plaza:languages', (event) => {
      if (mine(event)) handlers.onLanguages();
    }),
    onServerEvent(socket, 'conversation:ended', (event) => {
      if (mine(event)) handlers.onEnded(event.reason);
    }),
  ];
  const release = connection.acquire();
  report();
  const leave = connection.join(plazaId, {
    lastSeq: handlers.lastSeq,
    onJoined: ({ online }) => {
      handlers.onJoined(online);
    },
    onJoinFailed: ({ code }) => {
      handlers.onJoinFailed(code);
    },
  });
  return () => {
    leave();
    for (const off of offs) off();
    release();
  };
}
