// Fan-out bench server process: one server per process (FANOUT_SERVER = ws | relay | tolk), so its
// memory, CPU time and CPU profile are its own. For Tolk, a first such process with FANOUT_SEED
// set only seeds the database (tolk-server.ts) and ends. Sends the parent `ready` with its port and the
// accounts' tokens, then answers the parent's IPC calls (protocol.ts): usage, profile start and
// stop, and for Tolk idle, counting, counts and the cold pass.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { ACCOUNTS, DEVICES, GROUPS, MEMBERS, SERVER_KINDS, type ServerKind } from './options';
import { serve, usage, type ServerReady } from './protocol';

const kind = process.env.FANOUT_SERVER as ServerKind;
if (!SERVER_KINDS.includes(kind)) throw new Error(`FANOUT_SERVER must be one of ${SERVER_KINDS.join(', ')}`);

/** The floors have no accounts: any token goes, and a group's conversation id is made up. */
const floorConversation = (group: number) => `00000000-0000-4000-8000-${group.toString().padStart(12, '0')}`;

let profiler: Session | undefined;
const handlers: Record<string, (argument: never) => unknown> = {
  usage: (collect: boolean) => usage(collect),
  /** Samples every 1 ms (V8's default is ~1 ms too) until profileStop. */
  profileStart: async () => {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
  },
  /** A heap snapshot written to `file` (after a full collection), for what idle sockets hold. */
  heapSnapshot: async (file: string) => {
    const session = new Session();
    session.connect();
    const out = fs.openSync(file, 'w');
    session.on('HeapProfiler.addHeapSnapshotChunk', ({ params }) => fs.writeSync(out, params.chunk));
    await session.post('HeapProfiler.collectGarbage');
    await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    fs.closeSync(out);
    session.disconnect();
  },
  profileStop: async (file: string) => {
    if (!profiler) return;
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
  },
};

// A restarted server (bench/sockets.ts) is profiled from its first moment: its start is the storm.
if (process.env.FANOUT_PROFILE_FROM_START) await handlers.profileStart!(undefined as never);

let ready: ServerReady;
/** Stops the server; `kept`: Tolk keeps its database for the next process (a restart). */
let close: (kept?: boolean) => Promise<void>;
// Each kind loads only its own code: a floor's process holds no part of Tolk but its Socket.IO options.
if (kind === 'tolk' && process.env.FANOUT_SEED) {
  // The seeding process: fills the database, writes the seed file and ends.
  const { seedTolk } = await import('./tolk-server');
  await seedTolk();
  process.exit(0);
} else if (kind === 'tolk') {
  const { engineCalls, startTolk } = await import('./tolk-server');
  const tolk = await startTolk();
  ready = {
    port: tolk.port,
    path: '/socket.io/',
    accounts: tolk.tokens.map((tokens, account) => ({
      tokens,
      conversationId: tolk.conversationIds[Math.floor(account / MEMBERS)]!,
    })),
  };
  close = tolk.close;
  handlers.steps = () => tolk.steps;
  let callsBefore = 0;
  Object.assign(handlers, {
    idle: () => tolk.app.muses.idle(),
    /** Counts translation requests from here on; engine calls are counted from here too. */
    startCounting: async () => {
      await tolk.app.muses.idle();
      callsBefore = await engineCalls(tolk.app);
      tolk.translator.requests.clear();
      tolk.translator.counting = true;
    },
    counts: async () => {
      await tolk.app.muses.idle();
      tolk.translator.counting = false;
      return {
        requests: Object.fromEntries(tolk.translator.requests),
        engineCalls: (await engineCalls(tolk.app)) - callsBefore,
      };
    },
    cold: () => tolk.coldPass(),
  });
} else {
  const { startRelay, startWsFloor } = await import('./floors');
  const server = kind === 'ws' ? await startWsFloor() : await startRelay();
  ready = {
    port: server.port,
    path: server.path,
    accounts: Array.from({ length: ACCOUNTS }, (_, account) => ({
      tokens: Array.from({ length: DEVICES }, (_, device) => `floor-token-${account}-${device}`),
      conversationId: floorConversation(Math.floor(account / MEMBERS) % GROUPS),
    })),
  };
  close = () => server.close();
}

handlers.close = async (kept?: boolean) => {
  await close(kept);
  setImmediate(() => process.exit(0));
};
serve(handlers);
process.send?.({ ready });
