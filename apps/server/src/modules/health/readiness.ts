import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { WarmUpPart } from '@tolk/shared/schemas/health';

/**
 * What the server loads in the background after it starts listening (dictionaries, engine
 * processes), and whether it has. A part that failed does not hold readiness back: whatever it
 * loads is loaded again on first use.
 */
export function createReadiness(log: FastifyBaseLogger) {
  const parts = new Map<string, WarmUpPart>();
  const running = new Set<Promise<void>>();
  return {
    /** Runs one part's loading in the background. */
    warm(name: string, load: () => Promise<unknown>) {
      const started = performance.now();
      parts.set(name, { name, state: 'warming', ms: null });
      const run = (async () => {
        try {
          await load();
          parts.set(name, { name, state: 'ready', ms: Math.round(performance.now() - started) });
          log.info({ part: name, ms: Math.round(performance.now() - started) }, 'warmed up');
        } catch (error) {
          parts.set(name, { name, state: 'failed', ms: Math.round(performance.now() - started) });
          log.warn({ err: error, part: name }, 'warm-up failed; it loads on first use instead');
        }
      })();
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    get ready() {
      return [...parts.values()].every((part) => part.state !== 'warming');
    },
    parts: () => [...parts.values()],
    /** Waits for every part under way (tests, shutdown). */
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
