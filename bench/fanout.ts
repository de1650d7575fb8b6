// Chat fan-out benchmark, out of process: how fast a muse reaches every socket of a group
// conversation, in the reader's language, judged against a raw `ws` floor and a bare Socket.IO
// relay measured with the very same clients.
//
// Processes (child_process.fork, each its own V8 and event loop):
//   - one server process per run (server-process.ts): the raw ws floor (floors.ts: just enough
//     Engine.IO framing, one serialisation per muse, the same frame written to every socket of the
//     group), the bare Socket.IO relay (floors.ts: Tolk's SOCKET_SERVER_OPTIONS, rooms, nothing
//     else), or Tolk (tolk-server.ts: buildApp() on a fresh PGlite or PostgreSQL database, as
//     main.ts builds it, with a translator port that counts requests; the database is seeded
//     beforehand by a process of its own, so the server's memory holds no seeding);
//   - --client-processes client processes (client-process.ts) holding the sockets: a minimal
//     Engine.IO v4 client over `ws` (eio-client.ts), identical for the three servers, one
//     JSON.parse per frame. Every group is spread over all client processes.
// The parent (this file, run.ts) only tells them what to do and gathers the figures over IPC.
//
// One clock: a muse's client id carries its send time on CLOCK_MONOTONIC (process.hrtime, the same
// clock in every process of the machine), so a receiver anywhere computes its latency alone.
//
// Sizes (reference: 1,000 sockets = 5 groups x 20 members x 10 devices, each device its own
// session; 4 reading languages en, es, fr, pt: member m reads LANGUAGES[m % 4] and members 0-3 of
// each group send in their language from their first device). A delivery is one socket receiving
// the muse in a final state (translation 'ready', or 'skipped' for its own language; a muse that
// came 'pending' is delivered by its muse:updated), the sender's own sockets included, so each
// muse makes 200 deliveries and 10,000 deliveries/s offered is 50 muses/s.
//
// Phases of each server's run:
//   (i) connect + authenticate (token in `40{...}`) + conversation:join every socket, idle 2 s:
//       memory per idle authenticated socket = (server process RSS and heapUsed after - before)
//       / sockets, each read in the server process itself (process.memoryUsage(), RSS being
//       /proc/self VmRSS) after three full collections; "before" is taken once Tolk is ready (its
//       warm-up loaded) and a tenth of the sockets are in, so what the first sockets load once
//       is not counted per socket: the figure is the last 90 %'s growth over their number;
//   (ii) --offered deliveries/s (open loop: muse k leaves at k / rate whatever became of the
//       others) for --seconds: p50 / p99 / max latency of every delivery, deliveries/s received in
//       the window after the first second;
//   (iii) the offered rate x1.5 per --step-seconds step until two steps in a row deliver < 90 % of their offer,
//       then --hold-seconds at 1.25 x the best delivered rate (profiled with FANOUT_CPU_PROFILE):
//       deliveries/s at saturation is the best of them. Each phase drains before the next.
// Tolk's translation memory is warmed first (each text sent once in a warm-up conversation), so
// engines are not measured; translation requests per (muse, language) are counted at Tolk's
// translator port over every measured muse, and a cold pass (one never-seen text per group, one
// at a time) gives engine calls per (muse, language).
//
// Run (from the repository root):
//   node --import tsx bench/fanout.ts [--db pglite|postgres] [--via http|socket]
//     [--servers ws,relay,tolk] [--groups 5] [--members 20] [--devices 10] [--languages 4]
//     [--client-processes 2] [--offered 10000] [--seconds 10] [--step-seconds 4] [--hold-seconds 6]
//   --db postgres makes a fresh database on DATABASE_URL's server (default
//   postgres://postgres@127.0.0.1:5432/test) and drops it at the end.
//   FANOUT_CPU_PROFILE=/tmp/fan writes /tmp/fan.<ws|relay|tolk>.cpuprofile of each hold (the server
//   process's inspector session); `npx tsx bench/fanout/profile-summary.ts FILE` sums one up.
//   TOLK_METRICS=true FANOUT_SERVER_METRICS=1 prints Tolk's own histograms at the end (the send
//   route from its arrival at Fastify to its answer; a muse from its store to its broadcast), to
//   set against the clients' "answer p99" (from a send leaving to its answer) in each phase.
// Reading the figures on a small machine: servers and clients share its cores, so the floors'
// saturation is mostly what the client processes can take in (their CPU is printed beside the
// server's), and anything else running moves every figure (the load average is printed). The
// report also gives deliveries per second of server CPU (PostgreSQL's backends included), which
// depends less on what else runs. Profiles sample wall-clock time: on a busy machine a write's
// share (writev) includes the moments the kernel hands the CPU to the client it woke.
// HTTP sends leave from distinct loopback addresses (127.x.y.z) over keep-alive agents. Tolk's muse
// send limit (TOLK_LIMIT_MUSES_PER_MINUTE) is lifted in its process: the bench is not one person.
//
// The in-process version (server and socket.io-client clients in one process) was replaced by
// this one: its figures depended on the client library sharing the server's CPU.
import { printHeader, printReport } from './fanout/report';
import { runServer, type ServerRun } from './fanout/run';
import { SERVERS } from './fanout/options';

printHeader();
const runs: ServerRun[] = [];
for (const kind of SERVERS) {
  const start = performance.now();
  runs.push(await runServer(kind, process.env.FANOUT_CPU_PROFILE));
  console.log(`${kind} done in ${((performance.now() - start) / 1000).toFixed(0)} s`);
}
console.log('');
printReport(runs);
