import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_CONNECTED_DAYS, REFERENCE_HIDDEN_DAYS, REFERENCE_WINDOW_DAYS } from '@tolk/shared/limits';
import type { ReferencesPage } from '@tolk/shared/schemas/references';
import { testApp, type TestApp } from '../../test/build-app';
import { newTenantAccount, type Member } from '../../test/factories';

/**
 * Issue 33: for any order of writes and clock moves, neither side (nor anyone) ever sees a
 * reference before both have written or the hidden days are over, and a write is taken exactly
 * while its window is open.
 */

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
let reader: Member;
const tenant = `refprop-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await testApp({ referencesClock: () => new Date(clock), referenceRemindEveryMs: 0 });
  reader = await newTenantAccount(t.app, tenant, { displayName: 'Reader' });
});
afterAll(() => t.close());

const step = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), side: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 12 }) }),
);

describe('references are never seen early', () => {
  it('holds for any order of writes and clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        clock = Date.now();
        const pair = await Promise.all([
          newTenantAccount(t.app, tenant, { displayName: 'A' }),
          newTenantAccount(t.app, tenant, { displayName: 'B' }),
        ]);
        const [a, b] = pair;
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/connect/people/${b.userId}/request`,
              headers: a.headers,
              payload: { note: '' },
            })
          ).statusCode,
        ).toBe(200);
        const incoming = (
          await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: b.headers })
        ).json<{ incoming: { id: string }[] }>().incoming[0]!;
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/connect/connections/${incoming.id}/accept`,
              headers: b.headers,
            })
          ).statusCode,
        ).toBe(200);
        // Writable a week after connecting (a moment after the database's clock said so).
        const writableFrom = Date.now() + REFERENCE_CONNECTED_DAYS * DAY;
        clock = writableFrom + 1000;
        const wrote = [false, false];

        const seen = async (viewer: Member, subject: Member) =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/references?subjectId=${subject.userId}`,
              headers: viewer.headers,
            })
          ).json<ReferencesPage>().items.length;

        for (const move of steps) {
          if (move.kind === 'wait') clock += move.days * DAY;
          else {
            const [author, subject] = move.side === 0 ? [a, b] : [b, a];
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/references',
              headers: author.headers,
              payload: {
                about: `connection:${incoming.id}`,
                subjectId: subject.userId,
                opinion: 'positive',
                text: 'We met for coffee and talked for hours.',
              },
            });
            const open = clock < writableFrom + REFERENCE_WINDOW_DAYS * DAY;
            expect(res.statusCode, res.body).toBe(!open ? 404 : wrote[move.side] ? 409 : 201);
            if (open) wrote[move.side] = true;
          }
          const hiddenOver = clock >= writableFrom + REFERENCE_HIDDEN_DAYS * DAY;
          for (const [side, subject] of [
            [0, b],
            [1, a],
          ] as const) {
            const expected = wrote[side] && (wrote[1 - side] || hiddenOver) ? 1 : 0;
            // The subject, the author and a third member see the same.
            for (const viewer of [a, b, reader]) expect(await seen(viewer, subject)).toBe(expected);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
