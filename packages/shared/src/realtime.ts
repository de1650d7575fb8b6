import type { Muse } from './schemas/conversations';

/** Socket.IO events between the browser and the server (both sides use these names and shapes). */
export interface JoinRequest {
  conversationId: string;
  /** The last sequence this client has: everything after it is sent again. */
  lastSeq: number;
}

export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };

export interface TypingEvent {
  conversationId: string;
  username: string;
  displayName: string;
  typing: boolean;
}

export interface ReadEvent {
  conversationId: string;
  username: string;
  seq: number;
}

export interface PresenceEvent {
  conversationId: string;
  username: string;
  online: boolean;
}

export interface MuseDeletedEvent {
  conversationId: string;
  id: string;
  seq: number;
}

export interface ServerToClientEvents {
  'muse:new': (muse: Muse) => void;
  'muse:updated': (muse: Muse) => void;
  'muse:deleted': (event: MuseDeletedEvent) => void;
  typing: (event: TypingEvent) => void;
  read: (event: ReadEvent) => void;
  presence: (event: PresenceEvent) => void;
  /** The conversation ended or expired (plazas). */
  'conversation:ended': (event: { conversationId: string; reason: 'ended' | 'expired' | 'cleared' }) => void;
}

export interface ClientToServerEvents {
  'conversation:join': (
    request: JoinRequest,
    ack: (result: Ack<{ lastSeq: number; online: string[] }>) => void,
  ) => void;
  'conversation:leave': (request: { conversationId: string }) => void;
  typing: (event: { conversationId: string; typing: boolean }) => void;
  read: (event: { conversationId: string; seq: number }) => void;
}
