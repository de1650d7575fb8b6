// Chat fan-out benchmark entry: runs the baseline, the floor and Tolk, then prints the report.
//
// What it measures: how fast a muse reaches every reader of a group conversation, in the
// reader's language, compared with a bare WebSocket broadcast doing the least possible work.
//
// Three runs in one process (server and every client share the process, so one clock serves both
// ends of each latency sample, and the memory figures cover the server and the client side of a
// connection together):
//
//   1. Baseline: node:http + ws WebSocketServer on port 0. N clients in M groups; a sender's JSON
//      message (shaped and sized like a Muse) is parsed once, serialised once and sent to every
//      client of its group, the sender included.
//   2. Floor: a bare Socket.IO server, configured as Tolk configures it, relaying each message to
//      its group's room, with the same socket.io-client clients as Tolk's run. No accounts, no
//      database, no translation: the best any Socket.IO server does here, so the part of the gap
//      to the baseline that application code cannot close.
//   3. Tolk: buildApp() on a fresh database (PGlite in a temporary folder, or, with DATABASE_URL
//      set, a new PostgreSQL database created from scratch, migrated and dropped at the end),
//      listening on port 0. N accounts reading L languages (en, es, fr, pt: all local Apertium;
//      fr and pt pivot through es), M group conversations of N/M members, every member with a
//      Socket.IO connection joined to its conversation. Every muse text is first sent once in a
//      warm-up conversation, so the translation memory holds every (text, language) and the
//      measured run measures fan-out, not Apertium. Muses go in as the web app sends them: over
//      the sender's open socket (`muse:send` with an ack), or with --via http by POST over
//      keep-alive agents (the path of a client without a live socket).
//
// Send pattern (the same for both runs): each conversation sends --muses muses, round-robin over
// one sender per language in the group; the jobs are ordered round by round across conversations
// and run through a closed loop of --concurrency workers, a job ending when every member of the
// group has received the message (Tolk: the first muse:new / muse:updated for it whose translation
// is 'ready' or 'skipped'). --warmup unmeasured rounds per conversation warm the code first. The
// closed loop keeps the server saturated, so latency there is mostly queueing (about in-flight
// muses × the time to serve one); --concurrency 1 shows the latency of one muse at a time.
//
// The measured rounds run --repeat times in a row (laps), so one slow moment of the machine does
// not decide a figure. Reported per run: deliveries per second (deliveries / wall time from the
// first send to the last delivery) of the median lap and the range over laps, p50 / p99 / max
// send-to-receive latency over every lap, and memory per connection (RSS and heapUsed
// after connecting, and for Tolk joining, every client, minus before, divided by N). Tolk also
// reports how many muses reached a reader 'pending' first, translation requests per
// (muse, language) through the conversations module's translator port, and engine calls during the
// measured run from app.translation.status() (0 when the memory is warm).
//
// Then a cold pass: one muse per conversation, each text never seen before (so the translation
// memory has none of them), sent one at a time and left to finish, and the engine calls it caused
// (app.translation.status()) divided by (muses × target languages): "engine calls per (muse,
// language)", which must be 1.00 - one engine call per language present, whatever the number of
// readers of that language. A pivot (en -> es -> fr) shares its first hop with the es target.
//
// Run (from the repository root; --expose-gc makes the memory figures steady):
//   node --expose-gc --import tsx bench/fanout.ts [--clients 1000] [--conversations 50]
//        [--languages 4] [--muses 10] [--concurrency 8] [--warmup 4] [--repeat 3]
//        [--via socket|http]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --expose-gc --import tsx bench/fanout.ts
// `npx tsx bench/fanout.ts ...` works too, with noisier memory figures. FANOUT_CPU_PROFILE=/tmp/fan
// writes a CPU profile of each run's measured part (/tmp/fan.baseline.cpuprofile, .floor., .tolk.).
//
// Senders' HTTP requests leave from distinct loopback addresses (127.0.x.y, all of 127/8 is
// loopback on Linux), so the per-address limit on sending muses (120 a minute) is not what is
// measured.
//
// The parts live in bench/fanout/: options.ts (flags, sizes, texts, the send pattern), measure.ts
// (memory, the closed loop, the delivery tracker, CPU profiles, results), clients.ts (the connect
// loop, Socket.IO clients, HTTP senders), floors.ts (the raw ws baseline and the bare Socket.IO
// relay), tolk-server.ts (Tolk's database, app and seeding), tolk.ts (Tolk's run) and report.ts.
import { baseline, socketIoFloor } from './fanout/floors';
import { ms, printHeader, printReport } from './fanout/report';
import { tolk } from './fanout/tolk';

printHeader();
const base = await baseline();
console.log(`baseline done (connect ${ms(base.connectMs)} ms)`);
const floor = await socketIoFloor();
console.log(`Socket.IO floor done (connect ${ms(floor.connectMs)} ms)`);
const mine = await tolk();
console.log(`Tolk done (setup ${ms(mine.setupMs)} ms, connect + join ${ms(mine.connectMs)} ms)`);
console.log('');
printReport(base, floor, mine);
