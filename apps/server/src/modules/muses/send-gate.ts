import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AppError } from '../../errors';

export interface SendGateOptions {
  /** Sends being stored plus muses being fanned out, past which new sends are turned away. */
  maxBacklog: number;
  /** The event loop's p99 delay over the last half second past which new sends are turned away. */
  maxLoopDelayMs: number;
  /** The muses still being fanned out (translated, written to sockets). */
  fanOuts: () => number;
}

/** How often the event loop's delay is read (and its histogram started again). */
const SAMPLE_MS = 500;
/**
 * A late event loop sheds only with at least this much work on hand: PGlite runs in this
 * process and a long statement (a migration, a large page) delays the loop without any queue.
 */
const DELAY_NEEDS_BACKLOG = 64;

export const BUSY_MESSAGE = 'Tolk is very busy right now: your muse goes again in a moment.';

/**
 * Past saturation a send is refused at once (`unavailable`, Retry-After: 1) rather than queued
 * for seconds behind the others: the muse is not stored, its client sends it again with the same
 * client id, and the muses already taken keep reaching their readers quickly. Two signs of
 * saturation: too much work on hand (sends being stored and muses being fanned out), or an event
 * loop that answers late (the CPU is the limit).
 */
export function createSendGate(options: SendGateOptions) {
  let storing = 0;
  let delayMs = 0;
  let shed = 0;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    delayMs = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
    histogram.reset();
  }, SAMPLE_MS);
  timer.unref();

  return {
    /** Runs one send, or refuses it when the server is past what it can deliver quickly. */
    async admit<T>(send: () => Promise<T>): Promise<T> {
      const backlog = storing + options.fanOuts();
      if (
        backlog >= options.maxBacklog ||
        (delayMs > options.maxLoopDelayMs && backlog >= Math.min(DELAY_NEEDS_BACKLOG, options.maxBacklog / 2))
      ) {
        shed += 1;
        throw new AppError('unavailable', BUSY_MESSAGE, undefined, { 'retry-after': '1' });
      }
      storing += 1;
      try {
        return await send();
      } finally {
        storing -= 1;
      }
    },
    /** Sends refused so far (metrics, benches). */
    get shed() {
      return shed;
    },
    close() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export type SendGate = ReturnType<typeof createSendGate>;
