import { z } from 'zod';
import { INT4_MAX } from './limits';
import { errorBodySchema } from './errors';
import { museSchema, sendMuseInputSchema } from './schemas/conversations';

/**
 * The Socket.IO protocol between the browser and the server: one schema per event, both ways,
 * and per acknowledgement. The server parses what clients send with these; the web parses what
 * the server sends with them. Nothing else declares an event's shape (CONTEXT.md has the flow).
 */

const conversationIdSchema = z.uuid();

// Client to server.

/** Join a conversation's rooms; the server replays every muse after `lastSeq` (the client's newest). */
export const joinRequestSchema = z.object({
  conversationId: conversationIdSchema,
  lastSeq: z.number().int().min(0).max(INT4_MAX),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const leaveRequestSchema = z.object({ conversationId: conversationIdSchema });
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

/** A muse sent over the open socket: the same contract as POST /api/conversations/:id/muses. */
export const sendMuseRequestSchema = sendMuseInputSchema.extend({ conversationId: conversationIdSchema });
export type SendMuseRequest = z.input<typeof sendMuseRequestSchema>;

export const typingRequestSchema = z.object({ conversationId: conversationIdSchema, typing: z.boolean() });
export type TypingRequest = z.infer<typeof typingRequestSchema>;

export const readRequestSchema = z.object({
  conversationId: conversationIdSchema,
  seq: z.number().int().min(0).max(INT4_MAX),
});
export type ReadRequest = z.infer<typeof readRequestSchema>;

// Acknowledgements: the result, or an error shaped like an HTTP error body's.

export const ackErrorSchema = errorBodySchema.extend({ ok: z.literal(false) });
export type AckError = z.infer<typeof ackErrorSchema>;

const ackOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.union([z.object({ ok: z.literal(true), ...shape }), ackErrorSchema]);

export const joinAckSchema = ackOf({
  /** The conversation's newest sequence once the replay is sent. */
  lastSeq: z.number().int(),
  /** Who is connected to it right now. */
  online: z.array(z.string()),
});
export type JoinAck = z.infer<typeof joinAckSchema>;

export const sendMuseAckSchema = ackOf({
  muse: museSchema,
  /** False when the client id was stored already: this is the muse it repeats. */
  created: z.boolean(),
});
export type SendMuseAck = z.infer<typeof sendMuseAckSchema>;

// Server to client.

export const typingEventSchema = z.object({
  conversationId: z.string(),
  username: z.string(),
  displayName: z.string(),
  typing: z.boolean(),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;

export const readEventSchema = z.object({ conversationId: z.string(), username: z.string(), seq: z.number().int() });
export type ReadEvent = z.infer<typeof readEventSchema>;

export const presenceEventSchema = z.object({ conversationId: z.string(), username: z.string(), online: z.boolean() });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

export const museDeletedEventSchema = z.object({ conversationId: z.string(), id: z.string(), seq: z.number().int() });
export type MuseDeletedEvent = z.infer<typeof museDeletedEventSchema>;

export const CONVERSATION_END_REASONS = ['ended', 'expired', 'cleared'] as const;
/** The conversation ended or expired, or its muses were cleared (plazas). */
export const conversationEndedEventSchema = z.object({
  conversationId: z.string(),
  reason: z.enum(CONVERSATION_END_REASONS),
});
export type ConversationEndedEvent = z.infer<typeof conversationEndedEventSchema>;

/** A plaza's languages changed: its audience's language was detected from what they wrote. */
export const plazaLanguagesEventSchema = z.object({
  conversationId: z.string(),
  userLanguage: z.string(),
  audienceLanguage: z.string(),
});
export type PlazaLanguagesEvent = z.infer<typeof plazaLanguagesEventSchema>;

export const CONNECTION_EVENT_KINDS = ['requested', 'accepted', 'ended'] as const;
/**
 * A connect request or connection changed for this member: someone asked, accepted, or one side
 * declined, withdrew or removed it. Clients refetch their connections (and the badge) on it.
 */
export const connectionEventSchema = z.object({
  connectionId: z.string(),
  kind: z.enum(CONNECTION_EVENT_KINDS),
  /** The other member. */
  person: z.object({ id: z.string(), username: z.string(), displayName: z.string() }),
});
export type ConnectionEvent = z.infer<typeof connectionEventSchema>;

/**
 * An order changed (made, accepted, paid, cancelled...): its buyer and seller refetch it, so each
 * sees the other side act without reloading.
 */
export const orderChangedEventSchema = z.object({
  orderId: z.string(),
  state: z.string(),
  version: z.number().int(),
});
export type OrderChangedEvent = z.infer<typeof orderChangedEventSchema>;

/**
 * The member's unread notifications changed (one arrived, or some were read on another device):
 * the bell shows the count, and screens listing notifications refetch.
 */
export const notificationsEventSchema = z.object({ unread: z.number().int() });
export type NotificationsEvent = z.infer<typeof notificationsEventSchema>;

/** Every event the server sends, by name: clients parse each payload with its schema. */
export const SERVER_EVENTS = {
  'muse:new': museSchema,
  'muse:updated': museSchema,
  'muse:deleted': museDeletedEventSchema,
  typing: typingEventSchema,
  read: readEventSchema,
  presence: presenceEventSchema,
  'conversation:ended': conversationEndedEventSchema,
  'plaza:languages': plazaLanguagesEventSchema,
  connection: connectionEventSchema,
  order: orderChangedEventSchema,
  notifications: notificationsEventSchema,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<Name extends ServerEventName> = z.infer<(typeof SERVER_EVENTS)[Name]>;

export type ServerToClientEvents = {
  [Name in ServerEventName]: (payload: ServerEventPayload<Name>) => void;
};

export interface ClientToServerEvents {
  'conversation:join': (request: JoinRequest, ack: (result: JoinAck) => void) => void;
  'conversation:leave': (request: LeaveRequest) => void;
  'muse:send': (request: SendMuseRequest, ack: (result: SendMuseAck) => void) => void;
  typing: (request: TypingRequest) => void;
  read: (request: ReadRequest) => void;
}

/** How a client paces its reconnects: from `firstMs`, doubling per failed try up to `maxMs`, each wait spread by +/- `jitter`. */
export interface ReconnectPolicy {
  firstMs: number;
  maxMs: number;
  jitter: number;
}

/**
 * The web client's reconnect pacing (lib/realtime.ts), which bench/storm.ts copies: after a
 * restart thousands of sockets come back, and the jitter spreads them over seconds, not one instant.
 */
export const RECONNECT = {
  /** The connection was lost (network, a server that died): Socket.IO's manager retries by itself. */
  transport: { firstMs: 1_000, maxMs: 5_000, jitter: 0.5 },
  /** The server let the socket go (a deploy, a refused token): Socket.IO will not retry, the client does. */
  dropped: { firstMs: 2_000, maxMs: 60_000, jitter: 0.5 },
} as const satisfies Record<string, ReconnectPolicy>;

/** The wait before reconnect try `attempt` (0 first): `random` in [0, 1) picks the spread. */
export function reconnectDelay(policy: ReconnectPolicy, attempt: number, random = Math.random()): number {
  const base = Math.min(policy.firstMs * 2 ** attempt, policy.maxMs);
  return Math.round(Math.min(policy.maxMs, base * (1 - policy.jitter + 2 * policy.jitter * random)));
}
