import fc from 'fast-check';
import { testApp, type TestApp } from '../test/build-app';
import { fakeEngine } from '../test/fake-engine';
import { errorLog, type LoggedError } from './fuzz-report';

/** FUZZ_SEED reproduces a run; FUZZ_RUNS multiplies how many requests each operation gets. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_290_008);
export const FUZZ_RUNS = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1));

/** A seed of its own for each operation and role: a new route does not change the others' requests. */
export function seedFor(...parts: string[]): number {
  let hash = 0x811c9dc5 ^ FUZZ_SEED;
  for (const char of parts.join('\u0000')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** `count` values of `arbitrary`, the same ones for the same seed. */
export const sampleOf = <T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] =>
  fc.sample(arbitrary, { seed, numRuns: Math.max(1, Math.round(count * FUZZ_RUNS)) });

const PLENTY = 1_000_000;

/**
 * The app the fuzz runs against: every request limit lifted (a 429 hides what is behind it), a
 * fake translation engine (the same answers on every machine), and errors logged to the report.
 */
export async function fuzzApp(): Promise<{ t: TestApp; takeErrors: () => LoggedError[] }> {
  const log = errorLog();
  const t = await testApp({
    logger: log.logger,
    signInThrottle: { windowMs: 60_000, perAccountAndAddress: PLENTY, perAccount: PLENTY, perAddress: PLENTY },
    registerLimit: { max: PLENTY, timeWindow: 60_000 },
    translateLimit: { max: PLENTY, timeWindow: 60_000 },
    guestLimits: { createPerHour: PLENTY, joinPerHour: PLENTY, sendPerMinute: PLENTY },
    translationEngines: [
      fakeEngine({
        pairs: [
          ['en', 'es'],
          ['es', 'en'],
          ['en', 'fr'],
          ['fr', 'en'],
        ],
      }),
    ],
    config: {
      limits: {
        registerPerHour: PLENTY,
        forgotPasswordPerHour: PLENTY,
        translatePerMinute: PLENTY,
        musesPerMinute: PLENTY,
        shedding: { maxBacklog: PLENTY, maxLoopDelayMs: PLENTY },
        plazasPerHour: PLENTY,
        plazaJoinsPerHour: PLENTY,
        plazaMusesPerMinute: PLENTY,
        connectRequestsPerDay: PLENTY,
        reportsPerDay: PLENTY,
        photoUploadsPerDay: PLENTY,
        citySearchesPerMinute: PLENTY,
        subscriberFactor: 1,
      },
    },
  });
  return { t, takeErrors: () => log.take() };
}
