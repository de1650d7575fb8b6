import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import type { EngineStatus, TranslationStatus } from '@tolk/shared/schemas/translation';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import { newAccount, newConversation, postMuse, signIn, type Member } from '../../test/factories';
import { percentile } from '../../test/live-client';
import { connectSocket, joinConversation, listen } from '../../test/sockets';
import { ADMIN_USERNAME } from '../accounts/bootstrap';

/**
 * The R3 with the real local engine: Apertium's pipeline processes are killed (SIGKILL,
 * the whole process group) as soon as they start, for a while, as an OOM killer would. Muses
 * still reach every reader at once, marked "translating"; the engine's breaker opens; and once
 * the processes are let live the translations reach the readers still connected as
 * `muse:updated`, nobody rejoining or reloading.
 */

const apertium = fs.existsSync('/usr/share/apertium/modes/eng-spa.mode');
const OUTAGE_MUSES = 8;

/** The Apertium pipelines this process started: each `sh -c` leads its own process group. */
function pipelineGroups(): number[] {
  const groups: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone meanwhile.
    }
    // pid (comm) state ppid pgrp ...
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const [, ppid, pgrp] = stat.slice(close + 2).split(' ');
    if (Number(ppid) === process.pid && comm === 'sh' && pgrp === entry) groups.push(Number(entry));
  }
  return groups;
}

/** Kills every pipeline as soon as it appears, until stopped; answers how many it killed. */
function killPipelines() {
  let killed = 0;
  const timer = setInterval(() => {
    for (const group of pipelineGroups()) {
      try {
        process.kill(-group, 'SIGKILL');
        killed++;
      } catch {
        // Gone already.
      }
    }
  }, 10);
  return () => {
    clearInterval(timer);
    return killed;
  };
}

let t: TestApp;
beforeAll(async () => {
  // The configured engines, as the server runs them: Apertium where it is installed.
  t = await testApp();
  await listen(t);
});
afterAll(() => t.close());

interface Heard {
  event: 'muse:new' | 'muse:updated';
  muse: Muse;
  at: number;
}

async function reader(member: Member, conversationId: string) {
  const socket = await connectSocket(t, member.token);
  const heard: Heard[] = [];
  socket.on('muse:new', (muse) => heard.push({ event: 'muse:new', muse, at: performance.now() }));
  socket.on('muse:updated', (muse) => heard.push({ event: 'muse:updated', muse, at: performance.now() }));
  expect((await joinConversation(socket, conversationId, 0)).ok).toBe(true);
  const about = (id: string) => heard.filter((h) => h.muse.id === id);
  return { socket, heard, about };
}

describe.skipIf(!apertium)('an outage of the local engine (skipped where Apertium is not installed)', () => {
  it('delivers at once as pending, opens the breaker, and sends the translations when the engine is back', async () => {
    const admin = await signIn(t.app, ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    const engine = async (): Promise<EngineStatus> => {
      const res = await t.app.inject({ method: 'GET', url: '/api/translation/status', headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TranslationStatus>().engines.find((e) => e.name === 'apertium')!;
    };
    const [writer, spanish, english] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
      await newAccount(t.app, { language: 'en' }),
    ];
    const chat = await newConversation(t.app, writer, {
      kind: 'group',
      title: 'Outage',
      members: [spanish.username, english.username],
    });
    const es = await reader(spanish, chat.id);
    const en = await reader(english, chat.id);

    // The pipeline runs and translates.
    const warm = await postMuse(t.app, writer, chat.id, 'Good morning, my friend.', 'en');
    await expect.poll(() => es.about(warm.id).at(-1)?.muse.translation?.state, { timeout: 30_000 }).toBe('ready');
    expect(pipelineGroups().length).toBeGreaterThan(0);
    expect((await engine()).breaker.state).toBe('closed');

    const stopKilling = killPipelines();
    const outage: { muse: Muse; sentAt: number }[] = [];
    for (let i = 0; i < OUTAGE_MUSES; i++) {
      const sentAt = performance.now();
      // Texts never translated before: the translation memory cannot answer for the engine.
      const muse = await postMuse(
        t.app,
        writer,
        chat.id,
        `The bus to gate ${i + 11} leaves at ${i + 2} o'clock.`,
        'en',
      );
      outage.push({ muse, sentAt });
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    await expect
      .poll(() => outage.every(({ muse }) => es.about(muse.id).length && en.about(muse.id).length), { timeout: 10_000 })
      .toBe(true);
    const latencies: number[] = [];
    let pending = 0;
    for (const { muse, sentAt } of outage) {
      const [first] = es.about(muse.id);
      // Out as "translating", not held back for the engine and never a copy of the source. On a
      // loaded machine a pipeline may live long enough to translate one before it is killed: that
      // muse arrives translated, which is right too; most must have met the outage.
      expect(first).toMatchObject({ event: 'muse:new', muse: { translation: { to: 'es' } } });
      if (first!.muse.translation?.state === 'pending') {
        pending += 1;
        expect(first!.muse.translation.text ?? null).toBeNull();
      } else expect(first!.muse.translation).toMatchObject({ state: 'ready', engine: 'apertium' });
      expect(en.about(muse.id)[0]?.muse.text).toBe(muse.text);
      latencies.push(Math.max(first!.at, en.about(muse.id)[0]!.at) - sentAt);
    }
    expect(pending).toBeGreaterThanOrEqual(Math.ceil(OUTAGE_MUSES / 2));
    await t.app.muses.idle();
    const down = await engine();
    const killed = stopKilling();
    const back = performance.now();
    expect(killed).toBeGreaterThan(0);
    expect(down).toMatchObject({ health: 'down', breaker: { state: 'open' } });
    expect(down.lastError?.message).toMatch(/apertium eng-spa stopped/);

    // Nobody rejoins: the translations come to the sockets that got the muses as "translating".
    await expect
      .poll(() => outage.filter(({ muse }) => es.about(muse.id).at(-1)?.muse.translation?.state !== 'ready').length, {
        timeout: 75_000,
        interval: 250,
      })
      .toBe(0);
    const recovered = Math.max(...outage.map(({ muse }) => es.about(muse.id).at(-1)!.at)) - back;
    for (const { muse } of outage) {
      const last = es.about(muse.id).at(-1)!;
      // Those that went out as "translating" are brought up to date; one translated in time came translated.
      const metOutage = es.about(muse.id)[0]!.muse.translation?.state === 'pending';
      expect(last.event).toBe(metOutage ? 'muse:updated' : 'muse:new');
      expect(last.muse.translation?.engine).toBe('apertium');
      expect(last.muse.translation?.text).toMatch(/autob[uú]s/i);
    }
    const up = await engine();
    expect(up.breaker.state).toBe('closed');
    // Stored too: a reader opening the thread later gets them translated.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${chat.id}/muses?after=${warm.seq}`,
      headers: spanish.headers,
    });
    expect(page.json<MusesPage>().muses.map((m) => m.translation?.state)).toEqual(outage.map(() => 'ready'));

    console.log(
      `engine outage: ${killed} pipelines killed; ${OUTAGE_MUSES} muses reached both readers as pending in ` +
        `${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms (p50 ${percentile(latencies, 50).toFixed(0)}, ` +
        `max ${Math.max(...latencies).toFixed(0)}); breaker ${down.breaker.state} after ` +
        `${down.breaker.consecutiveFailures} failures (${String(down.detail.restarts)} pipeline restarts); ` +
        `translations arrived ${(recovered / 1000).toFixed(1)} s after the engine was let live`,
    );
    // Loose: the grace period is 300 ms; a loaded machine must not fail this.
    expect(Math.max(...latencies)).toBeLessThan(5_000);
    es.socket.close();
    en.socket.close();
  }, 120_000);
});
