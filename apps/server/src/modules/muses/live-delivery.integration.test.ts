import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import type { Invite, PlazaSession } from '@tolk/shared/schemas/plazas';
import { conversationRoom } from './rooms';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount, newConversation, postMuse, signIn, type Member } from '../../test/factories';
import {
  connectSocket,
  joinConversation,
  joinedConversation,
  listen,
  nextEvent,
  quietWindow,
} from '../../test/sockets';
import { RETRY_MAX_MS, TRANSLATION_GRACE_MS } from './muses.service';
import type { MuseTranslator, TranslatedText } from './translator';

/**
 * A translator port under the test's control: it answers `[es] text`, fails like an engine that
 * is down, takes its time, or has no engine for some languages; and it records every call.
 */
function controlledTranslator() {
  const control = {
    down: false,
    delayMs: 0,
    noEngineFor: new Set<string>(),
    calls: [] as { text: string; from: string; to: string[] }[],
  };
  const translator: MuseTranslator = {
    async translate(text, from, to) {
      control.calls.push({ text, from, to: [...to] });
      // A slow engine: the delay is the point (the muse must not wait for it).
      if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
      return to.map((language): TranslatedText => {
        if (control.noEngineFor.has(language)) {
          return {
            to: language,
            text: null,
            transliteration: null,
            engine: null,
            state: 'unavailable',
            reason: `no translation engine for ${from} to ${language}`,
          };
        }
        if (control.down) {
          return {
            to: language,
            text: null,
            transliteration: null,
            engine: 'fake',
            state: 'unavailable',
            reason: 'fake: connection refused',
          };
        }
        return { to: language, text: `[${language}] ${text}`, transliteration: null, engine: 'fake', state: 'ready' };
      });
    },
    detect: (_text, fallback) => ({ language: fallback, confidence: 0, sure: false }),
    transliterate: async () => null,
  };
  return { translator, control };
}

const { translator, control } = controlledTranslator();
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ translator });
  await listen(t);
});
afterAll(() => t.close());
beforeEach(() => {
  control.down = false;
  control.delayMs = 0;
  control.noEngineFor.clear();
  control.calls.length = 0;
});

interface Heard {
  event: 'muse:new' | 'muse:updated' | 'typing' | 'conversation:ended';
  muse?: Muse;
  at: number;
}

/** A connected socket, joined to a conversation, recording what it hears. */
async function reader(token: string, conversationId: string) {
  const socket = await connectSocket(t, token);
  const heard: Heard[] = [];
  socket.on('muse:new', (muse) => heard.push({ event: 'muse:new', muse, at: performance.now() }));
  socket.on('muse:updated', (muse) => heard.push({ event: 'muse:updated', muse, at: performance.now() }));
  socket.on('typing', () => heard.push({ event: 'typing', at: performance.now() }));
  socket.on('conversation:ended', () => heard.push({ event: 'conversation:ended', at: performance.now() }));
  expect((await joinConversation(socket, conversationId, 0)).ok).toBe(true);
  const about = (museId: string) => heard.filter((h) => h.muse?.id === museId);
  return { socket, heard, about };
}

const group = (owner: Member, members: Member[]) =>
  newConversation(t.app, owner, { kind: 'group', title: 'Live', members: members.map((m) => m.username) });

async function send(member: Member, conversationId: string, text: string, from = 'en') {
  return { muse: await postMuse(t.app, member, conversationId, text, from), sentAt: performance.now() };
}

async function readAs(member: Member, conversationId: string, museId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/muses?after=0`,
    headers: member.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MusesPage>().muses.find((m) => m.id === museId)!;
}

describe('fan-out', () => {
  it('sends a muse at once as pending when the engine is slow, and the translation follows', async () => {
    const [english, spanish] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
    ];
    const chat = await group(english, [spanish]);
    const es = await reader(spanish.token, chat.id);
    control.delayMs = TRANSLATION_GRACE_MS + 500;

    const { muse, sentAt } = await send(english, chat.id, 'The ferry is late.');
    await expect.poll(() => es.about(muse.id).length, { timeout: 5_000 }).toBe(2);
    const [first, second] = es.about(muse.id);
    expect(first).toMatchObject({ event: 'muse:new', muse: { translation: { to: 'es', state: 'pending' } } });
    // Out after the grace period, not after the engine.
    expect(first!.at - sentAt).toBeLessThan(TRANSLATION_GRACE_MS + 400);
    expect(second).toMatchObject({
      event: 'muse:updated',
      muse: { translation: { to: 'es', state: 'ready', text: '[es] The ferry is late.' } },
    });
    es.socket.close();
  });

  it('translates once per language, never per reader: readers of es, es and fr make one call for [es, fr]', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    const readers = [
      await newAccount(t.app, { language: 'es' }),
      await newAccount(t.app, { language: 'es' }),
      await newAccount(t.app, { language: 'fr' }),
    ];
    const chat = await group(owner, readers);
    const sockets = await Promise.all(readers.map((r) => reader(r.token, chat.id)));

    const { muse } = await send(owner, chat.id, 'See you at the market.');
    await t.app.muses.idle();
    await expect.poll(() => sockets.every((s) => s.about(muse.id).length > 0)).toBe(true);
    const calls = control.calls.filter((c) => c.text === 'See you at the market.');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.to.sort()).toEqual(['es', 'fr']);
    expect(sockets.map((s) => s.about(muse.id).at(-1)?.muse?.translation?.text)).toEqual([
      '[es] See you at the market.',
      '[es] See you at the market.',
      '[fr] See you at the market.',
    ]);
    for (const s of sockets) s.socket.close();
  });

  it('gives a reader who reads the source unaided the original, live as over REST, and translates nothing for them', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    const plainSpanish = await newAccount(t.app, { language: 'es' });
    const bilingualSpanish = await newAccount(t.app, { language: 'es' });
    const bilingualFrench = await newAccount(t.app, { language: 'fr' });
    const chat = await group(owner, [plainSpanish, bilingualSpanish, bilingualFrench]);
    const plain = await reader(plainSpanish.token, chat.id);
    // Joined before the setting changes: the socket has to move rooms.
    const bilingual = await reader(bilingualSpanish.token, chat.id);
    for (const member of [bilingualSpanish, bilingualFrench]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/conversations/${chat.id}/me`,
        headers: member.headers,
        payload: { readsWithout: ['en-GB'] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const french = await reader(bilingualFrench.token, chat.id);

    const { muse } = await send(owner, chat.id, 'The concert starts at eight.');
    await t.app.muses.idle();
    await expect.poll(() => [plain, bilingual, french].every((s) => s.about(muse.id).length > 0)).toBe(true);
    // Exactly one copy each: the test watches a while for a second one that must not come.
    await quietWindow(150);

    expect(plain.about(muse.id).map((h) => h.muse?.translation?.state)).toEqual(['ready']);
    expect(plain.about(muse.id)[0]!.muse?.translation?.text).toBe('[es] The concert starts at eight.');
    for (const s of [bilingual, french]) {
      // Exactly one copy: the original, not a translation as well.
      expect(s.about(muse.id)).toHaveLength(1);
      expect(s.about(muse.id)[0]!.muse?.translation).toMatchObject({
        state: 'skipped',
        text: 'The concert starts at eight.',
      });
    }
    // The only French reader reads English: no French translation is made.
    expect(control.calls.filter((c) => c.text === muse.text).map((c) => c.to)).toEqual([['es']]);
    expect((await readAs(bilingualSpanish, chat.id, muse.id)).translation?.state).toBe('skipped');

    // A Spanish muse: the English owner gets it translated; the French reader (who reads only English unaided) too.
    const owners = await reader(owner.token, chat.id);
    const reply = (await send(plainSpanish, chat.id, 'Hasta luego.', 'es')).muse;
    await t.app.muses.idle();
    await expect.poll(() => owners.about(reply.id).at(-1)?.muse?.translation?.state).toBe('ready');
    await expect.poll(() => french.about(reply.id).at(-1)?.muse?.translation?.text).toBe('[fr] Hasta luego.');
    for (const s of [plain, bilingual, french, owners]) s.socket.close();
  });
});

describe('engine outages', () => {
  it('delivers at once through an outage, keeps the translation retryable and sends it when the engine is back', async () => {
    const [english, spanish] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
    ];
    const chat = await group(english, [spanish]);
    const es = await reader(spanish.token, chat.id);
    control.down = true;

    const { muse, sentAt } = await send(english, chat.id, 'The bakery is closed.');
    await expect.poll(() => es.about(muse.id).length).toBe(1);
    const first = es.about(muse.id)[0]!;
    expect(first.event).toBe('muse:new');
    expect(first.at - sentAt).toBeLessThan(TRANSLATION_GRACE_MS + 400);
    // "translating", not a permanent "no translation".
    expect(first.muse?.translation?.state).toBe('pending');
    await t.app.muses.idle();
    expect((await readAs(spanish, chat.id, muse.id)).translation?.state).toBe('pending');

    control.down = false;
    await t.app.muses.delivery.retryDue(Date.now() + RETRY_MAX_MS);
    await t.app.muses.idle();
    await expect
      .poll(() => es.about(muse.id).at(-1)?.muse?.translation)
      .toMatchObject({ state: 'ready', text: '[es] The bakery is closed.' });
    expect(es.about(muse.id).at(-1)?.event).toBe('muse:updated');
    expect((await readAs(spanish, chat.id, muse.id)).translation).toMatchObject({ state: 'ready' });
    es.socket.close();
  });

  it('retries a failed translation when a reader opens it after the wait, and tells the room', async () => {
    const [english, spanish] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
    ];
    const chat = await group(english, [spanish]);
    control.down = true;
    const { muse } = await send(english, chat.id, 'The pool opens at noon.');
    await t.app.muses.idle();
    control.down = false;
    const es = await reader(spanish.token, chat.id);

    // Not yet due: opening it does not ask the engine again.
    const before = control.calls.length;
    expect((await readAs(spanish, chat.id, muse.id)).translation?.state).toBe('pending');
    await t.app.muses.idle();
    expect(control.calls.length).toBe(before);

    await t.database.db.execute(
      sql`update muse_translations set updated_at = now() - interval '1 hour' where muse_id = ${muse.id}`,
    );
    await readAs(spanish, chat.id, muse.id);
    await t.app.muses.idle();
    expect(control.calls.length).toBe(before + 1);
    await expect
      .poll(() => es.about(muse.id).at(-1))
      .toMatchObject({ event: 'muse:updated', muse: { translation: { state: 'ready' } } });
    expect((await readAs(spanish, chat.id, muse.id)).translation?.text).toBe('[es] The pool opens at noon.');
    es.socket.close();
  });

  it('keeps "no engine for this pair" as final: never retried', async () => {
    const [english, japanese] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'ja' }),
    ];
    const chat = await group(english, [japanese]);
    control.noEngineFor.add('ja');
    const { muse } = await send(english, chat.id, 'Good night.');
    await t.app.muses.idle();
    expect((await readAs(japanese, chat.id, muse.id)).translation).toMatchObject({ state: 'unavailable' });
    await t.database.db.execute(
      sql`update muse_translations set updated_at = now() - interval '1 hour' where muse_id = ${muse.id}`,
    );
    await readAs(japanese, chat.id, muse.id);
    await t.app.muses.delivery.retryDue(Date.now() + RETRY_MAX_MS);
    await t.app.muses.idle();
    expect(control.calls.filter((c) => c.text === 'Good night.')).toHaveLength(1);
  });
});

describe('leaving', () => {
  it('stops live events to a removed member and to one who left, at once', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    const stays = await newAccount(t.app, { language: 'es' });
    const removed = await newAccount(t.app, { language: 'es' });
    const leaves = await newAccount(t.app, { language: 'fr' });
    const chat = await group(owner, [stays, removed, leaves]);
    const staying = await reader(stays.token, chat.id);
    const gone = await reader(removed.token, chat.id);
    const left = await reader(leaves.token, chat.id);

    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${chat.id}/members/${removed.username}`,
      headers: owner.headers,
    });
    expect(remove.statusCode, remove.body).toBe(204);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${chat.id}/members/${leaves.username}`,
      headers: leaves.headers,
    });
    expect(leave.statusCode, leave.body).toBe(204);

    const { muse } = await send(owner, chat.id, 'Who is still here?');
    staying.socket.emit('typing', { conversationId: chat.id, typing: true });
    // The removed member's socket cannot reach the others either.
    gone.socket.emit('typing', { conversationId: chat.id, typing: true });
    await t.app.muses.idle();
    await expect.poll(() => staying.about(muse.id).length).toBeGreaterThan(0);
    // What must not arrive (the muse outside, the typing inside) sends no event: watch a while.
    await quietWindow(300);
    for (const outside of [gone, left]) {
      expect(outside.heard.filter((h) => h.event !== 'conversation:ended')).toEqual([]);
    }
    expect(staying.heard.filter((h) => h.event === 'typing')).toEqual([]);
    for (const s of [staying, gone, left]) s.socket.close();
  });

  it('takes an ended guest out of the plaza: no further muses', async () => {
    const host = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
      remoteAddress: '10.77.0.1',
    });
    expect(host.statusCode, host.body).toBe(201);
    const { plaza, guestToken: hostToken } = host.json<PlazaSession>();
    const hostHeaders = { 'x-plaza-token': hostToken! };
    const invite = await t.app.inject({ method: 'POST', url: `/api/plazas/${plaza.id}/invite`, headers: hostHeaders });
    expect(invite.statusCode, invite.body).toBe(201);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/plazas/join',
      payload: { code: invite.json<Invite>().joinCode, language: 'es', name: 'Lucía' },
      remoteAddress: '10.77.0.2',
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const guest = await reader(joined.json<PlazaSession>().guestToken!, plaza.id);
    const hosting = await reader(hostToken!, plaza.id);
    const say = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/plazas/${plaza.id}/muses`,
        headers: hostHeaders,
        payload: { clientId: randomUUID(), text },
      });
    const before = (await say('Welcome!')).json<Muse>();
    await expect.poll(() => guest.about(before.id).length).toBeGreaterThan(0);

    const guestEnded = nextEvent(guest.socket, 'conversation:ended', (e) => e.conversationId === plaza.id);
    const end = await t.app.inject({ method: 'DELETE', url: `/api/plazas/${plaza.id}/invite`, headers: hostHeaders });
    expect(end.statusCode, end.body).toBe(204);
    await guestEnded;
    const after = (await say('Are you still there?')).json<Muse>();
    await t.app.muses.idle();
    await expect.poll(() => hosting.about(after.id).length).toBeGreaterThan(0);
    // The host has it; the guest's copy must not come, which sends no event: watch a while.
    await quietWindow(300);
    expect(guest.about(after.id)).toEqual([]);
    const inRoom = await t.app.realtime.io.in(conversationRoom(plaza.id)).fetchSockets();
    expect(inRoom.map((s) => s.id)).toEqual([hosting.socket.id]);

    // The sweep takes everyone out of an expired plaza's rooms.
    await t.database.db.execute(
      sql`update conversations set expires_at = now() - interval '1 minute' where id = ${plaza.id}`,
    );
    const hostEnded = nextEvent(hosting.socket, 'conversation:ended', (e) => e.conversationId === plaza.id);
    await t.app.plazas.sweep();
    await hostEnded;
    expect(await t.app.realtime.io.in(conversationRoom(plaza.id)).fetchSockets()).toEqual([]);
    guest.socket.close();
    hosting.socket.close();
  });
});

describe('sending over the socket', () => {
  it('acknowledges with the stored muse, delivers it in each reader language, and returns it again on a resend', async () => {
    const [english, spanish] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
    ];
    const chat = await group(english, [spanish]);
    const writer = await reader(english.token, chat.id);
    const es = await reader(spanish.token, chat.id);
    const clientId = randomUUID();

    const ack = await writer.socket.emitWithAck('muse:send', {
      conversationId: chat.id,
      clientId,
      text: 'The bakery opens at seven.',
      from: 'en',
    });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.created).toBe(true);
    expect(ack.muse).toMatchObject({ clientId, seq: 1, text: 'The bakery opens at seven.', from: 'en' });
    await expect
      .poll(() => es.about(ack.muse.id).at(-1)?.muse?.translation?.text)
      .toBe('[es] The bakery opens at seven.');

    const again = await writer.socket.emitWithAck('muse:send', {
      conversationId: chat.id,
      clientId,
      text: 'The bakery opens at seven.',
      from: 'en',
    });
    expect(again).toMatchObject({ ok: true, created: false, muse: { id: ack.muse.id, seq: 1 } });
    // Stored once, and read back over REST like any other muse.
    expect((await readAs(spanish, chat.id, ack.muse.id)).translation?.text).toBe('[es] The bakery opens at seven.');
    writer.socket.close();
    es.socket.close();
  });

  it('answers an outsider not found, bad input with the field, and a flood rate limited', async () => {
    const [owner, member, outsider] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
      await newAccount(t.app, { language: 'en' }),
    ];
    const chat = await group(owner, [member]);
    const socket = await connectSocket(t, outsider.token);
    const stranger = await socket.emitWithAck('muse:send', {
      conversationId: chat.id,
      clientId: randomUUID(),
      text: 'Let me in.',
    });
    expect(stranger).toEqual({ ok: false, error: { code: 'not_found', message: 'Conversation not found.' } });
    socket.close();

    const writer = await reader(owner.token, chat.id);
    const tooLong = await writer.socket.emitWithAck('muse:send', {
      conversationId: chat.id,
      clientId: randomUUID(),
      text: 'x'.repeat(4001),
    });
    expect(tooLong).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', fields: { text: [expect.any(String)] } },
    });

    // Resends count too: a client stuck in a loop is stopped like one sending new muses.
    const clientId = randomUUID();
    const acks = [];
    for (let i = 0; i < 121; i++) {
      acks.push(await writer.socket.emitWithAck('muse:send', { conversationId: chat.id, clientId, text: 'Hello?' }));
    }
    expect(acks.filter((a) => a.ok)).toHaveLength(119); // the too-long one counted as well
    expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    writer.socket.close();
  });
});

describe('coming back together', () => {
  it('tells the room a member is online with their first device only, and lists them once', async () => {
    const [ana, ben] = [await newAccount(t.app, { language: 'en' }), await newAccount(t.app, { language: 'es' })];
    const chat = await newConversation(t.app, ana, { kind: 'group', title: 'Devices', members: [ben.username] });
    const anaPhone = await connectSocket(t, ana.token);
    await joinConversation(anaPhone, chat.id);

    const benLaptop = await connectSocket(t, ben.token);
    const announced = nextEvent(anaPhone, 'presence', (event) => event.username === ben.username);
    expect((await joinedConversation(benLaptop, chat.id)).online).toEqual(expect.arrayContaining([ana.username]));
    expect(await announced).toMatchObject({ conversationId: chat.id, online: true });

    // Ben's phone: Ana already knows he is here, so nothing more reaches her.
    const benPhone = await connectSocket(t, (await signIn(t.app, ben.username, ben.password)).token);
    let again = 0;
    anaPhone.on('presence', (event) => {
      if (event.username === ben.username) again++;
    });
    const joined = await joinedConversation(benPhone, chat.id);
    expect(joined.online.filter((name) => name === ben.username)).toHaveLength(1);
    await quietWindow(300);
    expect(again).toBe(0);
    for (const socket of [anaPhone, benLaptop, benPhone]) socket.close();
  });

  it('gives a socket joining while a translation is under way that translation itself; the room is not told again', async () => {
    const [english, spanish, other] = [
      await newAccount(t.app, { language: 'en' }),
      await newAccount(t.app, { language: 'es' }),
      await newAccount(t.app, { language: 'es' }),
    ];
    const chat = await group(english, [spanish, other]);
    const present = await reader(spanish.token, chat.id);
    control.delayMs = TRANSLATION_GRACE_MS + 1_000;
    const { muse } = await send(english, chat.id, 'The ferry leaves at noon.');
    // Out as pending to the reader already here; the engine is still at work.
    await expect.poll(() => present.about(muse.id).length, { timeout: 5_000 }).toBe(1);

    // Two more sockets come back (a restart's rejoins): each catch-up finds the translation in flight.
    const late = [await reader(other.token, chat.id), await reader(other.token, chat.id)];
    for (const socket of late) {
      expect(socket.about(muse.id)).toMatchObject([{ event: 'muse:new', muse: { translation: { state: 'pending' } } }]);
    }
    const ready = { event: 'muse:updated', muse: { translation: { to: 'es', state: 'ready' } } };
    await expect.poll(() => present.about(muse.id).length, { timeout: 5_000 }).toBe(2);
    for (const socket of late) {
      await expect
        .poll(() => socket.about(muse.id).filter((h) => h.event === 'muse:updated').length)
        .toBeGreaterThan(0);
    }
    await quietWindow(300);
    // The reader who was here heard the translation once: the joins did not have the room told again.
    expect(present.about(muse.id)[1]).toMatchObject(ready);
    expect(present.about(muse.id)).toHaveLength(2);
    // A joining socket hears it from its join (and from the room, had it joined before the engine answered).
    for (const socket of late) {
      for (const heard of socket.about(muse.id).slice(1)) expect(heard).toMatchObject(ready);
    }
    for (const socket of [present, ...late]) socket.socket.close();
  });

  it('answers a join asked again before its answer came once, with one replay', async () => {
    const [ana, ben] = [await newAccount(t.app, { language: 'en' }), await newAccount(t.app, { language: 'en' })];
    const chat = await newConversation(t.app, ana, { kind: 'group', title: 'Asked twice', members: [ben.username] });
    for (const text of ['One.', 'Two.', 'Three.']) await postMuse(t.app, ana, chat.id, text);
    const socket = await connectSocket(t, ben.token);
    const replayed: number[] = [];
    socket.on('muse:new', (muse) => replayed.push(muse.seq));
    const [first, again] = await Promise.all([
      joinedConversation(socket, chat.id, 1),
      joinedConversation(socket, chat.id, 1),
    ]);
    expect(first).toEqual(again);
    expect(first.lastSeq).toBe(3);
    expect(replayed).toEqual([2, 3]);
    socket.close();
  });

  it('answers many joins that arrive at once each with its own membership, a stranger’s with not found', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    const members = await Promise.all(Array.from({ length: 6 }, () => newAccount(t.app, { language: 'es' })));
    const stranger = await newAccount(t.app, { language: 'fr' });
    const chats = await Promise.all(
      [members.slice(0, 3), members.slice(3)].map((some, i) =>
        newConversation(t.app, owner, { kind: 'group', title: `Batch ${i}`, members: some.map((m) => m.username) }),
      ),
    );
    await postMuse(t.app, owner, chats[1]!.id, 'Hello, second group.');
    const sockets = await Promise.all([...members, stranger].map((member) => connectSocket(t, member.token)));
    // Every member joins both chats and the stranger the first, all in the same moment.
    const answers = await Promise.all(
      sockets.flatMap((socket, i) =>
        chats.slice(0, i < members.length ? 2 : 1).map((chat) => joinConversation(socket, chat.id)),
      ),
    );
    const inFirst = (i: number) => i < 3;
    members.forEach((_, i) => {
      const [first, second] = [answers[i * 2]!, answers[i * 2 + 1]!];
      expect(first.ok).toBe(inFirst(i));
      expect(second.ok).toBe(!inFirst(i));
      if (second.ok) expect(second.lastSeq).toBe(1);
    });
    const strangers = answers.at(-1)!;
    expect(strangers.ok).toBe(false);
    if (!strangers.ok) expect(strangers.error.code).toBe('not_found');
    for (const socket of sockets) socket.close();
  });
});
