import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import { testApp, testConfig, type TestApp } from '../../test/build-app';
import { fakeEngine } from '../../test/fake-engine';
import { newAccount, newConversation } from '../../test/factories';
import { connectSocket, joinConversation, listen } from '../../test/sockets';

/**
 * Issue 35: past saturation a send is refused at once (503, Retry-After: 1), over HTTP and over
 * the socket, instead of queueing; the muse is not stored, and the same client id sent again once
 * the server has caught up stores it exactly once. Saturation is made small here: one muse being
 * fanned out (its translation held by the engine) is all the server takes on.
 */
const engine = fakeEngine({ pairs: [['en', 'es']] });
let t: TestApp;

beforeAll(async () => {
  const config = testConfig();
  t = await testApp({
    translationEngines: [engine],
    config: { limits: { ...config.limits, shedding: { maxBacklog: 1, maxLoopDelayMs: 60_000 } } },
  });
  await listen(t);
});
afterAll(() => t.close());

it('turns sends away while it is saturated, and takes the same muse once when it is sent again', async () => {
  const writer = await newAccount(t.app, { language: 'en' });
  const reader = await newAccount(t.app, { language: 'es' });
  const { id } = await newConversation(t.app, writer, { kind: 'direct', members: [reader.username] });
  const send = (clientId: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/muses`,
      headers: writer.headers,
      payload: { clientId, text, from: 'en' },
    });

  engine.hang = true;
  const first = await send(randomUUID(), 'Good morning');
  expect(first.statusCode, first.body).toBe(201);

  // Its fan-out waits on the engine: the server is at its limit.
  const clientId = randomUUID();
  const busy = await send(clientId, 'Are you there?');
  expect(busy.statusCode).toBe(503);
  expect(busy.headers['retry-after']).toBe('1');
  expect(busy.json()).toMatchObject({ error: { code: 'unavailable', retryAfterSeconds: 1 } });

  const socket = await connectSocket(t, writer.token);
  try {
    expect((await joinConversation(socket, id, 0)).ok).toBe(true);
    const ack: unknown = await socket.timeout(5_000).emitWithAck('muse:send', {
      conversationId: id,
      clientId,
      text: 'Are you there?',
      from: 'en',
    });
    expect(ack).toMatchObject({ ok: false, error: { code: 'unavailable', retryAfterSeconds: 1 } });
  } finally {
    socket.disconnect();
  }

  // The engine answers, the fan-out ends: the same muse sent again is stored, once.
  engine.hang = false;
  await t.app.muses.idle();
  const again = await send(clientId, 'Are you there?');
  expect(again.statusCode, again.body).toBe(201);
  await t.app.muses.idle();
  // Its answer lost, the client sends it once more: the stored muse, not a second one.
  const retried = await send(clientId, 'Are you there?');
  expect(retried.json<Muse>().id).toBe(again.json<Muse>().id);
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/conversations/${id}/muses?after=0`,
    headers: reader.headers,
  });
  expect(page.json<MusesPage>().muses.map((muse) => muse.text)).toEqual(['Good morning', 'Are you there?']);
  expect(t.app.muses.shed).toBe(2);
});
