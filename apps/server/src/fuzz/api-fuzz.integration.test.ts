import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-app';
import { BAD_HEADER_VALUES, shorten } from './bad-values';
import { makeWorld, signInAs, type Session, type World } from './fixtures';
import { realPathValues, worldHints } from './world-hints';
import { FuzzReport, type LoggedError } from './fuzz-report';
import { fuzzApp, FUZZ_SEED, sampleOf, seedFor } from './fuzz-setup';
import { probesFor, requestsFor, type FuzzRequest } from './http-requests';
import { operationName, operationsOf } from './openapi-operations';

/**
 * Every operation of the OpenAPI document gets malformed paths, queries, headers and bodies (from
 * its own schemas, then broken), as a guest, a member, the superadmin, a plaza guest and a caller
 * with forged credentials. No answer may be a 5xx, and the app must be healthy afterwards. A new
 * route is in the document, so it is fuzzed without a test of its own. FUZZ_SEED=n reproduces a
 * run; FUZZ_RUNS=n sends n times as many requests.
 */

type Role = 'member' | 'admin' | 'anonymous' | 'guest' | 'forged';
/** Requests per operation for each role. */
const RUNS: Record<Role, number> = { member: 8, admin: 5, anonymous: 3, guest: 2, forged: 2 };
/** The roles every operation's probes (probesFor) are sent as, aimed at how many of the collection's records. */
const PROBED: [Role, number][] = [
  ['member', 2],
  ['admin', 1],
  ['anonymous', 1],
];

let t: TestApp;
let takeErrors: () => LoggedError[];
let world: World;

beforeAll(async () => {
  ({ t, takeErrors } = await fuzzApp());
  world = await makeWorld(t.app);
  takeErrors();
});
afterAll(() => t.close());

/** Credentials that are no credentials: bad headers, tampered and cookie-borne tokens. */
function forgedHeaders(): fc.Arbitrary<Record<string, string>> {
  const token = world.member.headers.authorization!.replace('Bearer ', '');
  return fc.oneof(
    fc.constantFrom(...BAD_HEADER_VALUES).map((v) => ({ authorization: v })),
    fc.constantFrom(...BAD_HEADER_VALUES).map((v) => ({ 'x-access-token': v })),
    fc.constantFrom(...BAD_HEADER_VALUES).map((v) => ({ 'x-plaza-token': v })),
    fc.constantFrom(...BAD_HEADER_VALUES).map((v) => ({ cookie: `tolk_access_token=${v}` })),
    fc.constant({ cookie: `tolk_access_token=${token}` }),
    fc.constant({ authorization: `Bearer ${token.slice(0, -2)}xx` }),
    fc.constant({ 'x-plaza-token': world.guest.token.slice(0, -2) + 'xx', authorization: `Bearer ${token}` }),
  );
}

const lost = new Set<string>();
let repairs = 0;

/** After a write or a refusal, makes sure the actor's session still works: signs in again if not. */
async function keepSignedIn(role: 'member' | 'admin'): Promise<void> {
  const session: Session = world[role];
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers });
  if (me.statusCode === 200) return;
  repairs++;
  const again = await signInAs(t.app, session.username, session.password);
  if (again) session.headers = again.headers;
  else lost.add(`${role} could not sign in again`);
}

async function keepGuest(): Promise<void> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/plazas/${world.guest.plazaId}`,
    headers: world.guest.headers,
  });
  if (res.statusCode === 200) return;
  repairs++;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/plazas',
    payload: { userLanguage: 'en', audienceLanguage: 'es' },
  });
  if (made.statusCode !== 201) return void lost.add(`guest plaza could not be made again (${made.statusCode})`);
  const session = made.json<{ plaza: { id: string }; guestToken: string }>();
  world.guest = {
    plazaId: session.plaza.id,
    token: session.guestToken,
    headers: { 'x-plaza-token': session.guestToken },
  };
}

function roleHeaders(role: Role): Record<string, string> {
  if (role === 'member' || role === 'admin') return world[role].headers;
  if (role === 'guest') return world.guest.headers;
  return {};
}

describe('the HTTP API under fuzzing', () => {
  it(
    'answers every malformed request to every operation without a 5xx, and stays healthy',
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      const operations = operationsOf(t.app.swagger());
      const report = new FuzzReport();
      const reached = new Set<string>();
      const requestWorld = {
        hints: worldHints(world),
        firstHints: worldHints(world, { first: true }),
        pathValues: (path: string, name: string, method: string) => realPathValues(world, path, name, method),
      };

      /** Sends one request as `role`, counts its answer, and keeps the role's session alive. */
      async function fuzz(target: string, role: Role, request: FuzzRequest, extraHeaders: Record<string, string> = {}) {
        const outcome = await send(request, roleHeaders(role), extraHeaders);
        if (outcome.status >= 200 && outcome.status < 300) reached.add(target);
        report.add({ target, role, ...outcome });
        const changed = request.method !== 'GET' && outcome.status < 300;
        if ((role === 'member' || role === 'admin') && (outcome.status === 401 || outcome.status === 403 || changed)) {
          await keepSignedIn(role);
        }
        if (role === 'guest' && (outcome.status === 401 || changed)) await keepGuest();
      }

      const slowest: [string, number][] = [];
      for (const operation of operations) {
        const target = operationName(operation);
        const operationStarted = Date.now();
        // A second record only where the path names one.
        const hasPath = operation.params.some((p) => p.in === 'path');
        for (const [role, variants] of PROBED) {
          for (let variant = 0; variant < (hasPath ? variants : 1); variant++) {
            for (const [i, probe] of probesFor(operation, requestWorld, variant).entries()) {
              for (const request of sampleOf(probe, seedFor(target, role, `probe ${i}`), 1)) {
                await fuzz(target, role, request);
              }
            }
          }
        }
        const requests = requestsFor(operation, requestWorld);
        for (const role of Object.keys(RUNS) as Role[]) {
          const forged =
            role === 'forged' ? sampleOf(forgedHeaders(), seedFor(target, 'forged headers'), RUNS.forged) : [];
          for (const [i, request] of sampleOf(requests, seedFor(target, role), RUNS[role]).entries()) {
            await fuzz(target, role, request, forged[i % Math.max(1, forged.length)]);
          }
        }
        slowest.push([target, Date.now() - operationStarted]);
      }
      slowest.sort(([, a], [, b]) => b - a);

      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      const failures = report.failures;
      console.log(
        [
          `API fuzz (FUZZ_SEED=${FUZZ_SEED}): ${report.sent} requests to ${operations.length} operations in ${elapsed} s`,
          `  answers: ${report.statusLine()}`,
          `  5xx: ${failures.length}; 4xx: ${report.count((s) => s >= 400 && s < 500)} (429: ${report.count((s) => s === 429)}); no answer: ${report.count((s) => s < 100)}`,
          `  operations answered 2xx at least once: ${reached.size}/${operations.length}`,
          `  sessions signed in again: ${repairs}${lost.size ? `; lost: ${[...lost].join(', ')}` : ''}`,
          ...(process.env.FUZZ_VERBOSE ? report.targetLines().map((line) => `    ${line}`) : []),
          `  slowest operations: ${slowest
            .slice(0, 5)
            .map(([target, ms]) => `${target} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')}`,
          ...(world.missing.length ? [`  fixtures not made: ${world.missing.join('; ')}`] : []),
          ...(failures.length ? ['  5xx by cause:', ...report.groups().map((g) => `  ${g}`)] : []),
        ].join('\n'),
      );
      expect(live.statusCode, live.body).toBe(200);
      expect(ready.statusCode, ready.body).toBe(200);
      expect(failures.length, `${failures.length} answers were 5xx (FUZZ_SEED=${FUZZ_SEED}); see the list above`).toBe(
        0,
      );
      expect(
        report.count((s) => s < 100),
        'requests the app never answered',
      ).toBe(0);
    },
  );
});

/**
 * One request, with the role's credentials; the answer's status and body, and what the server
 * logged while answering it. The input the report shows leaves the role's credentials out.
 */
async function send(request: FuzzRequest, credentials: Record<string, string>, extraHeaders: Record<string, string>) {
  takeErrors();
  const headers = { ...extraHeaders, ...request.headers };
  const body = request.payload === undefined ? '' : ` ${shorten(request.payload.toString(), 200)}`;
  const input = `${request.method} ${request.url}${Object.keys(headers).length ? ` ${shorten(headers, 200)}` : ''}${body}`;
  const answer = { note: request.note, input };
  try {
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...credentials, ...headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    return { ...answer, status: res.statusCode, body: res.body.slice(0, 500), errors: takeErrors() };
  } catch (error) {
    return { ...answer, status: 0, body: `no answer: ${(error as Error).message}`, errors: takeErrors() };
  }
}
