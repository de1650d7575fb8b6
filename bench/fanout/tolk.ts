// Fan-out bench Tolk run: readers' sockets, sending over the socket or HTTP, the cold pass and translation counts.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { connectAll, connectSocketIo, httpSenders } from './clients';
import { result, Tracker, warmThenMeasure, type RunResult } from './measure';
import {
  clientIndex,
  COLD_TEXTS,
  CONVERSATIONS,
  GROUP_SIZE,
  jobs,
  languageOf,
  LANGUAGES_PER_GROUP,
  REPEAT,
  VIA,
  type Job,
} from './options';
import { engineCalls, pairKey, startTolk, tally } from './tolk-server';

export interface TolkResult extends RunResult {
  pendingFirst: number;
  unavailable: number;
  requestsPerMuseLanguage: number;
  maxRequestsPerMuseLanguage: number;
  translationTargets: number;
  engineCalls: number;
  setupMs: number;
  cold: { muses: number; targets: number; engineCalls: number };
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function tolk(): Promise<TolkResult> {
  const { app, port, accounts, conversationIds, translator, setupMs, close } = await startTolk();

  // Sockets: connect and join, all N.
  const tracker = new Tracker();
  let pendingFirst = 0;
  let unavailable = 0;
  const measuredIds = new Set<string>();
  const {
    clients: sockets,
    connectMs,
    before,
    after,
  } = await connectAll(20, async (i) => {
    const socket: Client = await connectSocketIo(port, { token: accounts[i]!.token });
    const got = new Set<string>();
    const onMuse = (muse: Muse, event: 'new' | 'updated') => {
      const state = muse.translation?.state;
      if (event === 'new' && state === 'pending' && measuredIds.has(muse.clientId)) pendingFirst++;
      if (state === 'unavailable' && measuredIds.has(muse.clientId)) unavailable++;
      if ((state === 'ready' || state === 'skipped') && !got.has(muse.clientId)) {
        got.add(muse.clientId);
        tracker.received(muse.clientId);
      }
    };
    socket.on('muse:new', (muse) => {
      onMuse(muse, 'new');
    });
    socket.on('muse:updated', (muse) => {
      onMuse(muse, 'updated');
    });
    const ack = await socket.emitWithAck('conversation:join', {
      conversationId: conversationIds[Math.floor(i / GROUP_SIZE)]!,
      lastSeq: 0,
    });
    if (!ack.ok) throw new Error(`join failed: ${ack.error.message}`);
    return socket;
  });

  // Senders: one keep-alive agent per loopback address, at most 100 muses per address.
  const senders = httpSenders(port);

  const expectedRequests = new Map<string, number>();
  for (const job of jobs()) {
    if (!job.measured) continue;
    for (let j = 0; j < LANGUAGES_PER_GROUP; j++) {
      const to = languageOf(j);
      if (to === job.language) continue;
      tally(expectedRequests, pairKey(job.text, to), REPEAT);
    }
  }

  let failedSends = 0;
  const send = async (job: Job) => {
    const sender = clientIndex(job.conversation, job.sender);
    const clientId = randomUUID();
    if (job.measured) measuredIds.add(clientId);
    const { sent, delivered } = tracker.send(clientId, GROUP_SIZE, job.measured);
    sent();
    const conversationId = conversationIds[job.conversation]!;
    const stored =
      VIA === 'socket'
        ? await sockets[sender]!.emitWithAck('muse:send', {
            conversationId,
            clientId,
            text: job.text,
            from: job.language,
          }).then((ack) => ack.ok && ack.created)
        : (await senders.post(sender, `/api/conversations/${conversationId}/muses`, accounts[sender]!.token, {
            clientId,
            text: job.text,
            from: job.language,
          })) === 201;
    if (!stored) {
      failedSends++;
      return;
    }
    await delivered;
  };
  let callsBefore = 0;
  const measured = await warmThenMeasure('tolk', tracker, send, {
    // The warm round is over: count from here.
    measuring: async () => {
      await app.muses.idle();
      callsBefore = await engineCalls(app);
      translator.counting = true;
    },
    settled: () => app.muses.idle(),
  });
  translator.counting = false;
  const callsDuring = (await engineCalls(app)) - callsBefore;
  if (failedSends) console.error(`warning: ${failedSends} sends failed`);

  // Cold pass: memory empty for these texts, one muse at a time so no two share an engine batch.
  const cold = { muses: 0, targets: 0, engineCalls: 0 };
  const coldBefore = await engineCalls(app);
  for (let c = 0; c < CONVERSATIONS; c++) {
    const sender = c % LANGUAGES_PER_GROUP;
    const language = languageOf(sender);
    const status = await senders.post(
      clientIndex(c, sender),
      `/api/conversations/${conversationIds[c]!}/muses`,
      accounts[clientIndex(c, sender)]!.token,
      { clientId: randomUUID(), text: COLD_TEXTS[language](100_000 + c), from: language },
    );
    if (status !== 201) throw new Error(`cold muse ${c}: ${status}`);
    await app.muses.idle();
    cold.muses++;
    cold.targets += LANGUAGES_PER_GROUP - 1;
  }
  cold.engineCalls = (await engineCalls(app)) - coldBefore;

  let requested = 0;
  let targets = 0;
  let maxRatio = 0;
  for (const [key, expected] of expectedRequests) {
    const got = translator.requests.get(key) ?? 0;
    requested += got;
    targets += expected;
    maxRatio = Math.max(maxRatio, got / expected);
  }
  for (const [key, got] of translator.requests) {
    if (!expectedRequests.has(key)) {
      requested += got;
      maxRatio = Infinity;
    }
  }

  for (const socket of sockets) socket.disconnect();
  senders.destroy();
  await close();

  return {
    ...result(
      `Tolk (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
      measured,
      tracker,
      before,
      after,
      connectMs,
    ),
    pendingFirst,
    unavailable,
    requestsPerMuseLanguage: targets ? requested / targets : NaN,
    maxRequestsPerMuseLanguage: targets ? maxRatio : NaN,
    translationTargets: targets,
    engineCalls: callsDuring,
    setupMs,
    cold,
  };
}
