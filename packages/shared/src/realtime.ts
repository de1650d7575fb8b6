import type { ErrorCode } from './error-codes';
import type { Muse, SendMuseInput } from './schemas/conversations';
import type { PlazaLanguagesEvent } from './schemas/plazas';

/** Socket.IO events between the browser and the server (both sides use these names and shapes). */
export interface JoinRequest {
  conversationId: string;
  /** The last sequence this client has: everything after it is sent again. */
  lastSeq: number;
}

/** A socket acknowledgement: the result, or an error shaped like an HTTP error body's. */
export type Ack<T = object> =
  ({ ok: true } & T) | { ok: false; error: { code: ErrorCode; message: string; fields?: Record<string, string[]> } };

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
  'plaza:languages': (event: PlazaLanguagesEvent) => void;
}

export interface ClientToServerEvents {
  'conversation:join': (
    request: JoinRequest,
    ack: (result: Ack<{ lastSeq: number; online: string[] }>) => void,
  ) => void;
  'conversation:leave': (request: { conversationId: string }) => void;
  /**
   * Sends a muse over the open socket: the same contract as POST /api/conversations/:id/muses
   * (idempotent on clientId, the same limits), without a request per muse. The ack carries the
   * stored muse, and whether this call stored it (false: the client id was already there).
   */
  'muse:send': (
    request: SendMuseInput & { conversationId: string },
    ack: (result: Ack<{ muse: Muse; created: boolean }>) => void,
  ) => void;
  typing: (event: { conversationId: string; typing: boolean }) => void;
  read: (event: { conversationId: string; seq: number }) => void;
}
