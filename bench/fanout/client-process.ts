// Fan-out bench client process: holds its share of the sockets (minimal Engine.IO clients), records
// every delivery's latency, and sends muses on the schedule the parent gives it, by socket or by
// HTTP. Started by the parent with child_process.fork; answers its IPC calls (protocol.ts).
//
// Per frame, whatever the server: one JSON.parse (eio-client.ts), then for a muse event one read of
// its translation state and client id, one clock read and one histogram increment.
import { EioClient } from './eio-client';
import { httpSenders } from './http-senders';
import { runAll } from './run-all';
import {
  clientIdFor,
  Histogram,
  nowMicros,
  sentMicrosOf,
  serve,
  type ClientStats,
  type PhaseWindow,
  type SendPlan,
  type SendResult,
  type SenderSpec,
  type SocketSpec,
} from './protocol';

interface MuseEvent {
  clientId: string;
  translation: { state: string } | null;
}

const PROCESS_INDEX = Number(process.env.FANOUT_CLIENT_PROCESS ?? 0);
let epoch = 0;
const sockets: EioClient[] = [];
/** Numbers this process's muses, so no two client ids are alike even in the same microsecond. */
let serial = 0;
let senders: SenderSpec[] = [];

let phase: PhaseWindow = { sendFromMicros: Infinity, rateFromMicros: Infinity, rateToMicros: -Infinity };
let histogram = new Histogram();
let received = 0;
let inWindow = 0;
let pendingFirst = 0;
let unavailable = 0;

function delivered(clientId: string) {
  const now = nowMicros(epoch);
  const sent = sentMicrosOf(clientId);
  if (now >= phase.rateFromMicros && now < phase.rateToMicros) inWindow++;
  if (sent < phase.sendFromMicros) return;
  received++;
  histogram.add((now - sent) / 1000);
}

/** A reader: a muse counts once per socket, when it arrives in a final state (ready or as it is). */
function listener() {
  // Muses that reached this socket 'pending' first: their muse:updated is the delivery.
  const pending = new Set<string>();
  return (name: string, payload: unknown) => {
    if (name !== 'muse:new' && name !== 'muse:updated') return;
    const muse = payload as MuseEvent;
    const state = muse.translation?.state ?? 'skipped';
    if (name === 'muse:updated' && !pending.delete(muse.clientId)) return;
    if (state === 'ready' || state === 'skipped') delivered(muse.clientId);
    else if (state === 'pending') {
      pending.add(muse.clientId);
      pendingFirst++;
    } else if (state === 'unavailable') unavailable++;
  };
}

/** Connects `sockets`, the ones from `offset` on of this process's list (senders name them by place). */
async function connect(argument: {
  port: number;
  path: string;
  epoch: number;
  offset: number;
  sockets: SocketSpec[];
  senders: SenderSpec[];
}) {
  epoch = argument.epoch;
  senders = argument.senders;
  const base = `ws://127.0.0.1:${argument.port}`;
  const start = performance.now();
  let failed = 0;
  await runAll(argument.sockets, 25, async (spec, index) => {
    const client = await EioClient.connect(base, argument.path, { token: spec.token }, listener());
    const ack = await client.emitWithAck<{ ok: boolean }>('conversation:join', {
      conversationId: spec.conversationId,
      lastSeq: 0,
    });
    if (!ack.ok) failed++;
    sockets[argument.offset + index] = client;
  });
  return { ms: performance.now() - start, failed };
}

/** Open loop: muse k leaves at start + k / rate, whatever became of the ones before it. */
async function send(plan: SendPlan): Promise<SendResult> {
  const answers = new Histogram();
  const result: SendResult = {
    sent: 0,
    accepted: 0,
    failed: 0,
    shed: 0,
    maxLagMs: 0,
    answers: answers.sparse(),
    texts: {},
  };
  if (!senders.length || plan.count === 0) return result;
  const http = plan.via === 'http' ? httpSenders(plan.port) : undefined;
  const periodMicros = 1e6 / plan.musesPerSecond;
  const inFlight: Promise<void>[] = [];

  const sendOne = (k: number) => {
    const sender = senders[k % senders.length]!;
    const text = sender.texts[Math.floor(k / senders.length) % sender.texts.length]!;
    const now = nowMicros(epoch);
    result.maxLagMs = Math.max(result.maxLagMs, (now - (plan.startMicros + k * periodMicros)) / 1000);
    const body = {
      clientId: clientIdFor(PROCESS_INDEX * 2 ** 27 + (serial++ % 2 ** 27), now),
      text,
      from: sender.language,
    };
    result.sent++;
    const accepted = http
      ? http
          .post(sender.account, `/api/conversations/${sender.conversationId}/muses`, sender.token, body)
          .then((status) => (status === 201 ? 'ok' : status === 503 ? 'shed' : 'failed'))
      : sockets[sender.socket]!.emitWithAck<{ ok: boolean; created?: boolean; error?: { code: string } }>('muse:send', {
          conversationId: sender.conversationId,
          ...body,
        }).then((ack) =>
          ack.ok && ack.created === true ? 'ok' : ack.error?.code === 'unavailable' ? 'shed' : 'failed',
        );
    inFlight.push(
      accepted.then(
        (outcome) => {
          if (outcome !== 'ok') {
            result[outcome]++;
            return;
          }
          result.accepted++;
          answers.add((nowMicros(epoch) - now) / 1000);
          const key = `${sender.language}\u0000${text}`;
          result.texts[key] = (result.texts[key] ?? 0) + 1;
        },
        () => {
          result.failed++;
        },
      ),
    );
  };

  await new Promise<void>((resolve) => {
    let k = 0;
    const tick = () => {
      const now = nowMicros(epoch);
      while (k < plan.count && plan.startMicros + k * periodMicros <= now) sendOne(k++);
      if (k >= plan.count) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, (plan.startMicros + k * periodMicros - nowMicros(epoch)) / 1000));
    };
    tick();
  });
  await Promise.all(inFlight);
  http?.destroy();
  result.answers = answers.sparse();
  return result;
}

serve({
  connect,
  send,
  phase: (window: PhaseWindow) => {
    phase = window;
    histogram = new Histogram();
    received = 0;
    inWindow = 0;
    pendingFirst = 0;
    unavailable = 0;
  },
  stats: (): ClientStats => ({ received, inWindow, pendingFirst, unavailable, histogram: histogram.sparse() }),
  /** Just the received count, cheap to ask often while waiting for a phase to drain. */
  received: () => received,
  close: async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    setImmediate(() => process.exit(0));
  },
});
