import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import {
  joinRequestSchema,
  leaveRequestSchema,
  readRequestSchema,
  sendMuseRequestSchema,
  typingRequestSchema,
} from '@tolk/shared/realtime';
import { anyBadValue, BAD_STRINGS, shorten, type Json } from './bad-values';
import { validish, type Hints, type JsonSchema } from './json-schema-arbitrary';
import { mutated, poisoned } from './mutations';

/**
 * What the socket fuzz sends: the events the server listens to (read off a connected socket, so
 * a handler added tomorrow is fuzzed too), each with payloads from its shared schema, broken.
 */

/** The shared protocol's schema of each client-to-server event (realtime.ts: ClientToServerEvents). */
const EVENT_SCHEMAS: Record<string, z.ZodType | undefined> = {
  'conversation:join': joinRequestSchema,
  'conversation:leave': leaveRequestSchema,
  'muse:send': sendMuseRequestSchema,
  typing: typingRequestSchema,
  read: readRequestSchema,
};

/** Socket.IO's own events: a listener on them is not part of the protocol. */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
  'error',
]);

export interface InboundEvent {
  name: string;
  /** Its handler takes an acknowledgement (a second parameter): the client waits for an answer. */
  acked: boolean;
  /** Its payload's JSON Schema; empty (anything) for an event the shared protocol does not describe. */
  schema: JsonSchema;
  described: boolean;
}

interface ListenerView {
  eventNames(): (string | symbol)[];
  listeners(name: string): ((...args: unknown[]) => unknown)[];
}

/** The events the server-side socket of `socketId` listens to, as its handlers registered them. */
export function inboundEvents(app: FastifyInstance, socketId: string): InboundEvent[] {
  const socket = app.realtime.io.of('/').sockets.get(socketId) as unknown as ListenerView | undefined;
  if (!socket) throw new Error(`No server-side socket ${socketId}`);
  return socket
    .eventNames()
    .filter((name): name is string => typeof name === 'string' && !RESERVED.has(name))
    .map((name) => {
      const schema = EVENT_SCHEMAS[name];
      return {
        name,
        acked: socket.listeners(name).some((listener) => listener.length >= 2),
        schema: schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : {},
        described: Boolean(schema),
      };
    });
}

/** One emission: the arguments after the event name, and what is wrong with them. */
export interface Emission {
  args: Json[];
  note: string;
  /** Sent with an acknowledgement callback last, as the web app sends acked events. */
  withAck: boolean;
  /**
   * The callback is the only argument: Socket.IO hands it to the handler as the payload, and the
   * handlers answer a payload that is no payload by not answering. Not waited for long.
   */
  ackOnly?: boolean;
}

const single =
  (withAck: boolean) =>
  (value: Json, note: string): Emission => ({ args: [value], note, withAck });

/** Payloads for one event: valid-ish, broken in one place, poisoned throughout, or not a payload at all. */
export function emissionsFor(event: InboundEvent, hints: Hints): fc.Arbitrary<Emission> {
  const one = single(event.acked);
  const shapes = fc.constantFrom<Emission>(
    { args: [], note: 'no payload, only an ack', withAck: event.acked, ackOnly: true },
    { args: [], note: 'no payload, no ack', withAck: false },
    { args: [null, 'not an ack', 42], note: 'extra arguments', withAck: false },
    { args: [{}], note: 'payload without its ack', withAck: false },
  );
  return fc.oneof(
    { weight: 2, arbitrary: validish(event.schema, hints).map((v) => one(v, 'valid-ish payload')) },
    { weight: 8, arbitrary: mutated(event.schema, hints).map((m) => one(m.value, m.note)) },
    { weight: 2, arbitrary: anyBadValue.map((v) => one(v, `payload = ${shorten(v, 60)}`)) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_STRINGS).map((v) => one(v, `payload = ${shorten(v, 60)}`)) },
    { weight: 1, arbitrary: shapes },
  );
}

/** Payloads every event gets whatever the sampling draws: NUL in all its text, 2^31 in all its numbers, {}. */
export function emissionProbes(event: InboundEvent, hints: Hints): fc.Arbitrary<Emission>[] {
  const one = single(event.acked);
  return [
    poisoned(event.schema, hints, 'every-text', 'a\u0000b').map((m) => one(m.value, m.note)),
    poisoned(event.schema, hints, 'every-number', 2 ** 31).map((m) => one(m.value, m.note)),
    fc.constant(one({}, 'payload {}')),
  ];
}

/** Event names nobody listens to: the server must ignore them. */
export const UNKNOWN_EVENTS = ['no:such:event', 'hasOwnProperty', '__proto__', 'x'.repeat(10_000), '\u0000', '\uD800'];
