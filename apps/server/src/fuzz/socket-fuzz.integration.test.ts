import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS_BY_CODE, type ErrorCode } from '@tolk/shared/errors';
import { sendMuseAckSchema } from '@tolk/shared/realtime';
import type { TestApp } from '../test/build-app';
import { connectSocket, joinConversation, listen, nextEvent, type Client } from '../test/sockets';
import { makeWorld, type World } from './fixtures';
import { FuzzReport, type LoggedError } from './fuzz-report';
import { fuzzApp, FUZZ_SEED, sampleOf, seedFor } from './fuzz-setup';
import { shorten } from './bad-values';
import type { Hints } from './json-schema-arbitrary';
import {
  emissionProbes,
  emissionsFor,
  inboundEvents,
  UNKNOWN_EVENTS,
  type Emission,
  type InboundEvent,
} from './socket-payloads';
import { worldHints } from './world-hints';

/**
 * Every event the server listens to on a socket gets malformed payloads (from its schema in the
 * shared protocol, then broken), from a member's socket and a plaza guest's. No handler may fail
 * on our side (an acknowledgement with code `internal`, an error logged, an unhandled rejection),
 * every acknowledged event must be answered, and afterwards the socket server still carries a
 * muse from one member to another. FUZZ_SEED=n reproduces a run; FUZZ_RUNS=n sends more.
 */

type Role = 'member' | 'guest';
/** Payloads per event for each role. */
const RUNS: Record<Role, number> = { member: 40, guest: 15 };
const ACK_TIMEOUT_MS = 5_000;

/** A socket that emits any event with any arguments: the protocol's types are what is being broken. */
interface LooseSocket {
  id?: string;
  connected: boolean;
  emit(event: string, ...args: unknown[]): void;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  close(): void;
}
const loose = (socket: Client) => socket as unknown as LooseSocket;

let t: TestApp;
let takeErrors: () => LoggedError[];
let world: World;
const opened: Client[] = [];
const unhandled: string[] = [];
const onUnhandled = (error: unknown) => unhandled.push(String(error instanceof Error ? error.stack : error));

beforeAll(async () => {
  ({ t, takeErrors } = await fuzzApp());
  await listen(t);
  world = await makeWorld(t.app);
  takeErrors();
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  for (const socket of opened) socket.close();
  await t.close();
});

const tokenOf = (role: Role) =>
  role === 'member' ? world.member.headers.authorization!.replace('Bearer ', '') : world.guest.token;

async function open(role: Role): Promise<Client> {
  const socket = await connectSocket(t, tokenOf(role));
  opened.push(socket);
  // Joined to a conversation of its own, so typing, read and leave reach a room.
  const conversationId = role === 'member' ? world.conversationId : world.guest.plazaId;
  await joinConversation(socket, conversationId, 0).catch(() => undefined);
  return socket;
}

/** An acknowledgement as a status: 200 for ok, the HTTP status of its error code otherwise. */
function statusOfAck(ack: unknown): { status: number; body: string } {
  const body = shorten(ack, 300);
  if (ack && typeof ack === 'object' && 'ok' in ack) {
    if (ack.ok === true) return { status: 200, body };
    const code = (ack as { error?: { code?: string } }).error?.code;
    if (code && code in HTTP_STATUS_BY_CODE) return { status: HTTP_STATUS_BY_CODE[code as ErrorCode], body };
  }
  return { status: 500, body: `malformed acknowledgement: ${body}` };
}

describe('the socket protocol under fuzzing', () => {
  it(
    'answers every malformed event without failing on our side, and still carries muses',
    { timeout: 300_000 },
    async () => {
      const started = Date.now();
      const report = new FuzzReport();
      const hints = worldHints(world);
      /** Probes aim at the role's own conversation: the member's chat, the guest's plaza. */
      const firstHints: Record<Role, Hints> = {
        member: worldHints(world, { first: true }),
        guest: worldHints(world, { first: true, kinds: { conversations: [world.guest.plazaId] } }),
      };
      const sockets: Record<Role, Client> = { member: await open('member'), guest: await open('guest') };
      const events = inboundEvents(t.app, sockets.member.id!);
      /** An acked event with a payload it refuses at once: after its answer, what came before it was handled. */
      const barrier = events.find((e) => e.acked);
      let reconnects = 0;

      async function emit(role: Role, event: InboundEvent | string, emission: Emission) {
        let socket = sockets[role];
        if (!socket.connected) {
          reconnects++;
          socket = sockets[role] = await open(role);
        }
        const name = typeof event === 'string' ? event : event.name;
        takeErrors();
        let answer: { status: number; body: string };
        try {
          if (emission.withAck) {
            const waitMs = emission.ackOnly ? 500 : ACK_TIMEOUT_MS;
            answer = statusOfAck(
              await loose(socket)
                .timeout(waitMs)
                .emitWithAck(name, ...emission.args),
            );
          } else {
            loose(socket).emit(name, ...emission.args);
            if (barrier) await loose(socket).timeout(ACK_TIMEOUT_MS).emitWithAck(barrier.name, null);
            answer = { status: 202, body: '' };
          }
        } catch (error) {
          // A payload over the socket's size limit closes it: that is the server's answer.
          answer = !socket.connected
            ? { status: 413, body: 'the server closed the socket' }
            : emission.ackOnly
              ? { status: 0, body: 'not answered' }
              : { status: 504, body: `no acknowledgement within ${ACK_TIMEOUT_MS} ms: ${String(error)}` };
        }
        const errors = takeErrors();
        const status = errors.length && answer.status < 500 ? 500 : answer.status;
        const input = `${name} ${shorten(emission.args, 300)}`;
        report.add({
          target: `socket ${shorten(name, 40)}`,
          role,
          status,
          note: emission.note,
          input,
          body: answer.body,
          errors,
        });
      }

      for (const event of events) {
        for (const role of Object.keys(RUNS) as Role[]) {
          for (const [i, probe] of emissionProbes(event, firstHints[role]).entries()) {
            for (const emission of sampleOf(probe, seedFor(event.name, role, `probe ${i}`), 1))
              await emit(role, event, emission);
          }
          for (const emission of sampleOf(emissionsFor(event, hints), seedFor(event.name, role), RUNS[role])) {
            await emit(role, event, emission);
          }
        }
      }
      for (const name of UNKNOWN_EVENTS) {
        await emit('member', name, {
          args: [{ conversationId: world.conversationId }],
          note: 'unknown event',
          withAck: false,
        });
      }

      // The socket server still carries a muse from one member to another, and the app is healthy.
      const sender = await connectSocket(t, tokenOf('member'));
      const reader = await connectSocket(t, world.friend.headers.authorization!.replace('Bearer ', ''));
      opened.push(sender, reader);
      for (const socket of [sender, reader])
        expect((await joinConversation(socket, world.conversationId, 0)).ok).toBe(true);
      const arrived = nextEvent(reader, 'muse:new', (muse) => muse.text === 'Still here after the fuzz');
      const ack = sendMuseAckSchema.parse(
        await sender.timeout(ACK_TIMEOUT_MS).emitWithAck('muse:send', {
          conversationId: world.conversationId,
          clientId: randomUUID(),
          text: 'Still here after the fuzz',
        }),
      );
      expect(ack.ok, shorten(ack)).toBe(true);
      await arrived;
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });

      const failures = report.failures;
      const undescribed = events.filter((e) => !e.described).map((e) => e.name);
      console.log(
        [
          `Socket fuzz (FUZZ_SEED=${FUZZ_SEED}): ${report.sent} emissions of ${events.length} events (${events.map((e) => e.name).join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          `  answers: ${report.statusLine()} (202: no acknowledgement expected; 0: only an ack sent, not answered; 413: socket closed for size)`,
          `  failures: ${failures.length}; unhandled errors: ${unhandled.length}; sockets reopened: ${reconnects}`,
          ...(undescribed.length
            ? [`  events without a schema in the shared protocol (fuzzed with any payload): ${undescribed.join(', ')}`]
            : []),
          ...(world.missing.length ? [`  fixtures not made: ${world.missing.join('; ')}`] : []),
          ...(failures.length ? ['  failures by cause:', ...report.groups().map((g) => `  ${g}`)] : []),
          ...unhandled.map((u) => `  unhandled: ${shorten(u, 500)}`),
        ].join('\n'),
      );
      expect(live.statusCode, live.body).toBe(200);
      expect(ready.statusCode, ready.body).toBe(200);
      expect(unhandled, 'unhandled errors while handling socket events').toEqual([]);
      expect(
        failures.length,
        `${failures.length} socket events failed on our side (FUZZ_SEED=${FUZZ_SEED}); see the list above`,
      ).toBe(0);
    },
  );
});
