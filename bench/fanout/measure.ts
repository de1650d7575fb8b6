// Fan-out bench measuring: memory, the closed send loop, the delivery tracker, CPU profiles and run results.
import fs from 'node:fs';
import { CONCURRENCY, DELIVERY_TIMEOUT_MS, jobs, N, REPEAT, type Job } from './options';

export interface Memory {
  rss: number;
  heap: number;
}

/** Heap and RSS after full collections and a pause, so freed pages can go back first. */
export async function memory(): Promise<Memory> {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

/** Closed loop: `concurrency` workers take the next job as soon as their last one ends. */
export async function runAll<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/**
 * FANOUT_CPU_PROFILE=name: a CPU profile of each run's measured part (not its setup), written to
 * name.baseline.cpuprofile, name.floor.cpuprofile and name.tolk.cpuprofile.
 */
async function startProfile(run: string): Promise<(() => Promise<void>) | undefined> {
  const prefix = process.env.FANOUT_CPU_PROFILE;
  if (!prefix) return undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(`${prefix.replace(/\.cpuprofile$/, '')}.${run}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * The send pattern of every run: the unmeasured warm round, then the measured rounds --repeat
 * times (one lap each), profiled with FANOUT_CPU_PROFILE. `measuring` runs just before the first
 * measured round; `settled` after each lap. Returns how many jobs were measured in all.
 */
export async function warmThenMeasure(
  run: string,
  tracker: Tracker,
  send: (job: Job) => Promise<void>,
  hooks: { measuring?: () => Promise<void>; settled?: () => Promise<void> } = {},
): Promise<number> {
  const all = jobs();
  const measured = all.filter((job) => job.measured);
  await runAll(
    all.filter((job) => !job.measured),
    CONCURRENCY,
    send,
  );
  await hooks.measuring?.();
  const profiler = await startProfile(run);
  for (let lap = 0; lap < REPEAT; lap++) {
    await runAll(measured, CONCURRENCY, send);
    tracker.lap();
    await hooks.settled?.();
  }
  await profiler?.();
  return measured.length * REPEAT;
}

/** Send times, receive times and the end of each job (every recipient served). */
export class Tracker {
  private readonly sentAt = new Map<string, number>();
  private readonly waiting = new Map<string, { left: number; done: () => void }>();
  readonly latencies: number[] = [];
  deliveries = 0;
  expected = 0;
  /** Per lap: deliveries, and the wall time from its first send to its last delivery. */
  readonly laps: { deliveries: number; wallMs: number }[] = [];
  private firstSend = Infinity;
  private lastDelivery = 0;
  private lapStart = 0;

  /** Ends a lap: what it delivered, in how long. */
  lap() {
    this.laps.push({ deliveries: this.deliveries - this.lapStart, wallMs: this.lastDelivery - this.firstSend });
    this.lapStart = this.deliveries;
    this.firstSend = Infinity;
    this.lastDelivery = 0;
  }

  /** Call just before sending; resolves when `recipients` deliveries came in (or after the timeout). */
  send(id: string, recipients: number, measured: boolean): { sent: () => void; delivered: Promise<void> } {
    const delivered = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve();
      }, DELIVERY_TIMEOUT_MS);
      this.waiting.set(id, {
        left: recipients,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
    if (measured) this.expected += recipients;
    return {
      sent: () => {
        const now = performance.now();
        if (measured) {
          this.sentAt.set(id, now);
          this.firstSend = Math.min(this.firstSend, now);
        }
      },
      delivered,
    };
  }

  received(id: string) {
    const now = performance.now();
    const sentAt = this.sentAt.get(id);
    if (sentAt !== undefined) {
      this.latencies.push(now - sentAt);
      this.deliveries++;
      this.lastDelivery = Math.max(this.lastDelivery, now);
    }
    const waiting = this.waiting.get(id);
    if (waiting && --waiting.left === 0) {
      this.waiting.delete(id);
      waiting.done();
    }
  }
}

export interface RunResult {
  label: string;
  messages: number;
  deliveries: number;
  expected: number;
  /** Deliveries per second of each lap, sorted. */
  rates: number[];
  latencies: number[];
  rssPerConnection: number;
  heapPerConnection: number;
  connectMs: number;
}

export function result(
  label: string,
  messages: number,
  tracker: Tracker,
  before: Memory,
  after: Memory,
  connectMs: number,
) {
  return {
    label,
    messages,
    deliveries: tracker.deliveries,
    expected: tracker.expected,
    rates: tracker.laps.map((lap) => (lap.wallMs > 0 ? lap.deliveries / (lap.wallMs / 1000) : 0)).sort((a, b) => a - b),
    latencies: [...tracker.latencies].sort((a, b) => a - b),
    rssPerConnection: (after.rss - before.rss) / N,
    heapPerConnection: (after.heap - before.heap) / N,
    connectMs,
  } satisfies RunResult;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
/** The median lap's deliveries per second. */
export const throughput = (r: RunResult) => percentile(r.rates, 50);
