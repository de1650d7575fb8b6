import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Muse } from '@tolk/shared/schemas/conversations';
import type { PlazaSession } from '@tolk/shared/schemas/plazas';
import { EngineError } from '../modules/translation/engines/engine';
import { testApp, type TestApp } from '../test/build-app';
import { fakeEngine, type FakeEngine } from '../test/fake-engine';
import { expectNotFound, expectUnauthorized, newAccount, newConversation, postMuse } from '../test/factories';
import { connectSocket, joinConversation, listen, nextEvent } from '../test/sockets';

/** Issue 18: GET /metrics in Prometheus' text format, off unless asked for, behind a token when one is set. */

type Labels = Record<string, string>;

/** The value of the sample `name` with exactly these labels in a Prometheus text exposition; undefined when absent. */
function sample(exposition: string, name: string, labels: Labels = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]);
    if (JSON.stringify(found.sort()) === wanted) return Number(match[3]);
  }
  return undefined;
}

describe('off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ translationEngines: [] });
  });
  afterAll(() => t.close());

  it('answers 404, token or not', async () => {
    expectNotFound(await t.app.inject({ method: 'GET', url: '/metrics' }));
    expectNotFound(
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer whatever-it-is-1234' } }),
    );
  });
});

describe('open (TOLK_METRICS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ translationEngines: [], config: { metrics: { enabled: true, token: undefined } } });
  });
  afterAll(() => t.close());

  it('answers anyone, with the process metrics and the database figures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(res.body).toContain('# HELP tolk_muses_sent_total ');
    if (process.env.DATABASE_URL) {
      // The test databases' pool (build-app.ts).
      expect(sample(res.body, 'tolk_db_pool_max_connections')).toBe(4);
      expect(sample(res.body, 'tolk_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(res.body, 'tolk_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(sample(res.body, 'tolk_db_pglite_in_flight')).toBeGreaterThanOrEqual(0);
      // Whatever the app was asking at start-up is answered: nothing stays counted.
      await expect
        .poll(async () =>
          sample((await t.app.inject({ method: 'GET', url: '/metrics' })).body, 'tolk_db_pglite_in_flight'),
        )
        .toBe(0);
    }
  });
});

describe('behind a token (TOLK_METRICS_TOKEN)', () => {
  const TOKEN = 'metrics-test-token-3f9a1c7e';
  let t: TestApp;
  let engine: FakeEngine;
  beforeAll(async () => {
    engine = fakeEngine({
      name: 'fake',
      pairs: [
        ['en', 'es'],
        ['es', 'en'],
      ],
    });
    t = await testApp({ translationEngines: [engine], config: { metrics: { enabled: true, token: TOKEN } } });
    await listen(t);
  });
  afterAll(() => t.close());

  async function scrape(): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }
  /** How much each sample rose between two scrapes (absent counts as 0). */
  const rise = (before: string, after: string) => (name: string, labels?: Labels) =>
    (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

  it('refuses a scrape without the token, with a wrong one, or with it anywhere but the Authorization header', async () => {
    const scrapeWith = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/metrics', headers });
    const none = await scrapeWith({});
    expectUnauthorized(none);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expectUnauthorized(await scrapeWith({ authorization: `Bearer ${TOKEN}x` }));
    expectUnauthorized(await scrapeWith({ authorization: `Bearer ${TOKEN.slice(0, -1)}` }));
    expectUnauthorized(await scrapeWith({ authorization: `Basic ${TOKEN}` }));
    expectUnauthorized(await scrapeWith({ 'x-access-token': TOKEN }));
    expect(await scrape()).toContain('# TYPE tolk_http_request_duration_seconds histogram');
  });

  it('times requests by their route pattern, and counts muses sent (not resent), delivered and the join', async () => {
    const english = await newAccount(t.app, { language: 'en' });
    const spanish = await newAccount(t.app, { language: 'es' });
    const conversation = await newConversation(t.app, english, { kind: 'direct', members: [spanish.username] });
    const socket = await connectSocket(t, spanish.token);
    try {
      const before = await scrape();
      expect((await joinConversation(socket, conversation.id)).ok).toBe(true);
      const overHttp = nextEvent(socket, 'muse:new');
      const posted = await postMuse(t.app, english, conversation.id, 'Good morning, my friend.', 'en');
      expect((await overHttp).id).toBe(posted.id);
      // A resend of a stored muse (same client id) is answered with it, not counted again.
      const resent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/muses`,
        headers: english.headers,
        payload: { clientId: posted.clientId, text: 'Good morning, my friend.', from: 'en' },
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const overSocket = nextEvent(socket, 'muse:new', (muse) => muse.id !== posted.id);
      const ack = (await socket.emitWithAck('muse:send', {
        conversationId: conversation.id,
        clientId: randomUUID(),
        text: 'Buenos días, amigo.',
        from: 'es',
      })) as { ok: boolean; muse: Muse };
      expect(ack.ok).toBe(true);
      expect((await overSocket).id).toBe(ack.muse.id);
      const { plaza, guestToken } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/plazas',
          payload: { userLanguage: 'en', audienceLanguage: 'es' },
        })
      ).json<PlazaSession>();
      const said = await t.app.inject({
        method: 'POST',
        url: `/api/plazas/${plaza.id}/muses`,
        headers: { 'x-plaza-token': guestToken ?? '' },
        payload: { clientId: randomUUID(), text: 'Where is the station?' },
      });
      expect(said.statusCode, said.body).toBe(201);
      // Nobody listens on the plaza: its fan-out is waited for through the metrics themselves.
      await expect
        .poll(async () => rise(before, await scrape())('tolk_muse_deliveries_total', { event: 'new' }))
        .toBe(3);
      const after = await scrape();
      const rose = rise(before, after);

      expect(
        rose('tolk_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/conversations/:id/muses',
          status_class: '2xx',
        }),
      ).toBe(2);
      // Patterns, never URLs: no id reaches a label.
      expect(after).not.toContain(conversation.id);
      expect(after).not.toContain(posted.id);
      expect(after).not.toContain(plaza.id);
      expect(rose('tolk_muses_sent_total', { via: 'http' })).toBe(1);
      expect(rose('tolk_muses_sent_total', { via: 'socket' })).toBe(1);
      expect(rose('tolk_muses_sent_total', { via: 'plaza' })).toBe(1);
      expect(
        rose('tolk_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/plazas/:id/muses',
          status_class: '2xx',
        }),
      ).toBe(1);
      // Each muse went to two reading-language rooms: English and Spanish.
      expect(rose('tolk_muse_room_emits_total', { event: 'new' })).toBe(6);
      expect(rose('tolk_muse_delivery_seconds_count')).toBe(3);
      expect(rose('tolk_muse_delivery_seconds_sum')).toBeGreaterThan(0);
      expect(rose('tolk_conversation_joins_total')).toBe(1);
      expect(sample(after, 'tolk_live_sockets')).toBe(1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => sample(await scrape(), 'tolk_live_sockets')).toBe(0);
  });

  it('counts translation calls, their latency and errors by engine, memory hits and misses, and the breaker', async () => {
    let caller = 0;
    const translate = async (text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { texts: [text], from: 'en', to: ['es'] },
        remoteAddress: `10.18.0.${++caller}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const before = await scrape();
    expect(sample(before, 'tolk_translation_breaker_state', { engine: 'fake' })).toBe(0);
    await translate('The train leaves at noon.');
    await translate('The train leaves at noon.'); // from the memory
    const translated = await scrape();
    let rose = rise(before, translated);
    expect(rose('tolk_translation_engine_calls_total', { engine: 'fake' })).toBe(1);
    expect(rose('tolk_translation_engine_texts_total', { engine: 'fake' })).toBe(1);
    expect(rose('tolk_translation_engine_call_seconds_count', { engine: 'fake', outcome: 'ok' })).toBe(1);
    expect(rose('tolk_translation_memory_misses_total')).toBe(1);
    expect(rose('tolk_translation_memory_hits_total', { tier: 'process' })).toBe(1);
    expect(rose('tolk_translation_engine_errors_total', { engine: 'fake' })).toBe(0);

    // Five failures in a row open the breaker (circuit-breaker.ts).
    engine.failWith = new EngineError('fake', 'the fake engine is down', { retryable: false });
    try {
      for (let i = 1; i <= 5; i++) await translate(`Failing sentence number ${i}.`);
    } finally {
      engine.failWith = undefined;
    }
    const failed = await scrape();
    rose = rise(translated, failed);
    expect(rose('tolk_translation_engine_errors_total', { engine: 'fake' })).toBe(5);
    expect(rose('tolk_translation_engine_call_seconds_count', { engine: 'fake', outcome: 'error' })).toBe(5);
    expect(sample(failed, 'tolk_translation_breaker_state', { engine: 'fake' })).toBe(1);
    expect(sample(failed, 'tolk_translation_engine_in_flight', { engine: 'fake' })).toBe(0);
  });
});
