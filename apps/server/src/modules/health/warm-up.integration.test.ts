import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Health } from '@tolk/shared/schemas/health';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount } from '../../test/factories';
import { listen } from '../../test/sockets';

/**
 * Issue 19: heavy resources load at start-up in the background, not on a member's first send,
 * and the readiness endpoint says when they have.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { warmUp: true } });
  // Languages members use decide which translation pipelines start.
  await newAccount(t.app, { language: 'en' });
  await newAccount(t.app, { language: 'es' });
});
afterAll(() => t.close());

it('answers at once, says it is warming, then ready with the dictionary, the city list and the pipelines in use loaded', async () => {
  await listen(t);
  const first = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(first.statusCode).toBe(200);
  expect(
    first
      .json<Health>()
      .warmUp.map((part) => part.name)
      .sort(),
  ).toEqual(['cities', 'translation', 'transliteration']);

  await expect
    .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, {
      timeout: 30_000,
      interval: 100,
    })
    .toBe(200);
  const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<Health>();
  expect(health.ready).toBe(true);
  expect(health.warmUp).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'transliteration', state: 'ready' }),
      expect.objectContaining({ name: 'translation', state: 'ready' }),
      expect.objectContaining({ name: 'cities', state: 'ready' }),
    ]),
  );
  if (t.config.translation.engines.some((engine) => engine.name === 'apertium')) {
    // English and Spanish are in use: both directions run before anyone asks.
    const status = await t.app.translation.status();
    const apertium = status.engines.find((engine) => engine.name === 'apertium');
    expect(String(apertium?.detail.pipelines).split(', ').sort()).toEqual(['eng-spa', 'spa-eng']);
  }
});
