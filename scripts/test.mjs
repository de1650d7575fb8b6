// `npm test`: checks, unit and integration tests on PGlite, the integration tests again on
// PostgreSQL when DATABASE_URL is set, the build and its bundle budget, then the end-to-end tests
// in Debian's Chromium.
import { buildIfStale, ensureDependencies, ensureSystemPackages, log, run } from './lib.mjs';

const started = Date.now();
const timings = [];
async function step(name, fn) {
  const t0 = Date.now();
  log(`${name}...`);
  await fn();
  timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// The embedded default: PGlite, in-process Socket.IO adapter. PostgreSQL and Redis get their own run.
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;
delete withoutDatabaseUrl.REDIS_URL;

try {
  await step('dependencies', async () => {
    await ensureDependencies();
    // The browser for the end-to-end tests, and the local translation engine the chats and the
    // interpreter are tested against (English, Spanish, French, Portuguese, Italian), and openssl
    // for the certificate of the PayPal contract server (PayPal's SDK speaks only HTTPS), and
    // espeak-ng, which speaks the sentence the fake microphone plays in the voice muse test
    // (apps/web/e2e/voice.spec.ts: Chromium reads it as the microphone's input).
    await ensureSystemPackages([
      { name: 'openssl', binary: 'openssl' },
      { name: 'chromium', binary: 'chromium' },
      { name: 'espeak-ng', binary: 'espeak-ng' },
      { name: 'apertium', binary: 'apertium' },
      { name: 'cg3', binary: 'vislcg3' },
      { name: 'apertium-eng-spa', file: '/usr/share/apertium/modes/eng-spa.mode' },
      { name: 'apertium-fr-es', file: '/usr/share/apertium/modes/fr-es.mode' },
      { name: 'apertium-es-pt', file: '/usr/share/apertium/modes/es-pt.mode' },
      { name: 'apertium-spa-ita', file: '/usr/share/apertium/modes/spa-ita.mode' },
    ]);
  });
  await step('check (format, lint, typecheck)', () => run('npm', ['run', 'check']));
  await step('unit and integration tests on PGlite', () => run('npx', ['vitest', 'run'], { env: withoutDatabaseUrl }));
  if (process.env.DATABASE_URL) {
    await step('integration tests on PostgreSQL', () =>
      run('npx', ['vitest', 'run', '--project', 'server', 'integration'], { env: process.env }),
    );
  } else {
    log('DATABASE_URL is not set: the PostgreSQL run of the integration tests is skipped.');
  }
  await step('build', buildIfStale);
  // The landing page's first load, from the build just made (scripts/landing-bundle.ts): a size, not a timing.
  await step('bundle budget', () => run('npx', ['tsx', 'scripts/bundle-budget.ts']));
  await step('end-to-end tests in Chromium', () =>
    run('npx', ['playwright', 'test', '--config', 'apps/web/playwright.config.ts'], { env: withoutDatabaseUrl }),
  );
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}
log(`all green in ${((Date.now() - started) / 1000).toFixed(0)} s (${timings.join('; ')})`);
