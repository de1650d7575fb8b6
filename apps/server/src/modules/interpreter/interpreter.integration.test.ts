import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, MuseDetail } from '@tolk/shared/schemas/conversations';
import type { InterpreterProfile, Invite, Plaza, PlazaMuses, PlazaSession } from '@tolk/shared/schemas/plazas';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectNotFound, expectUnauthorized, newAccount, type Member } from '../../test/factories';
import { connectSocket, joinConversation, listen } from '../../test/sockets';

let t: TestApp;
let member: Member;
let other: Member;

beforeAll(async () => {
  t = await testApp({ guestLimits: { createPerHour: 4, joinPerHour: 1000, sendPerMinute: 1000 } });
  member = await newAccount(t.app, { language: 'en' });
  other = await newAccount(t.app, { language: 'es' });
});
afterAll(() => t.close());

const guestHeaders = (token: string | null) => ({ 'x-plaza-token': token ?? '' });

let addresses = 0;
async function guestPlaza(
  userLanguage = 'en',
  audienceLanguage = 'es',
  address = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plazas',
    payload: { userLanguage, audienceLanguage },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlazaSession>();
}

async function invite(plazaId: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/plazas/${plazaId}/invite`, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invite>();
}

const join = (code: string, language = 'es', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/plazas/join', payload: { code, language, name: 'Lucía' }, headers });

const plazaOf = async (id: string, token: string | null) =>
  (await t.app.inject({ method: 'GET', url: `/api/plazas/${id}`, headers: guestHeaders(token) })).json<Plaza>();
const musesOf = async (id: string, token: string | null) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/plazas/${id}/muses`, headers: guestHeaders(token) })
  ).json<PlazaMuses>().muses;

const say = (plazaId: string, headers: Record<string, string>, text: string, side?: 'user' | 'audience') =>
  t.app.inject({
    method: 'POST',
    url: `/api/plazas/${plazaId}/muses`,
    headers,
    payload: { clientId: randomUUID(), text, ...(side ? { side } : {}) },
  });

describe('text typed in the wrong half', () => {
  it('is taken in the language it is written in, and translated for the other side', async () => {
    const { plaza, guestToken } = await guestPlaza('en', 'es');
    // English typed into the Spanish (audience) half.
    const sent = await say(plaza.id, guestHeaders(guestToken), 'Where is the train station, please?', 'audience');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<MuseDetail>()).toMatchObject({ side: 'audience', from: 'en' });
    // Spanish in the Spanish half stays Spanish; a word too short to tell keeps the side's language.
    const right = await say(
      plaza.id,
      guestHeaders(guestToken),
      '¿Dónde está la estación de tren, por favor?',
      'audience',
    );
    expect(right.json<MuseDetail>()).toMatchObject({ from: 'es' });
    const short = await say(plaza.id, guestHeaders(guestToken), 'ok', 'audience');
    expect(short.json<MuseDetail>()).toMatchObject({ from: 'es' });
    await t.app.muses.idle();
    const wrongHalf = (await musesOf(plaza.id, guestToken)).find((m) => m.id === sent.json<MuseDetail>().id);
    expect(wrongHalf?.translations.map((v) => v.to)).toContain('es');
  });

  it('is taken in its own language even when the sender names the side’s language, as older apps do', async () => {
    const { plaza, guestToken } = await guestPlaza('en', 'es');
    const send = (text: string, from: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/plazas/${plaza.id}/muses`,
        headers: guestHeaders(guestToken),
        payload: { clientId: randomUUID(), text, side: 'audience', from },
      });
    // English typed into the Spanish half, sent with the half's language.
    const sent = await send('Where is the train station, please?', 'es');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<MuseDetail>()).toMatchObject({ side: 'audience', from: 'en' });
    // A language that is neither side's own is the writer's explicit choice, and is kept.
    const chosen = await send('Where is the train station, please?', 'fr');
    expect(chosen.json<MuseDetail>()).toMatchObject({ from: 'fr' });
    await t.app.muses.idle();
    const wrongHalf = (await musesOf(plaza.id, guestToken)).find((m) => m.id === sent.json<MuseDetail>().id);
    // The Spanish side reads it in Spanish, translated from English, not the English passed through.
    const spanish = wrongHalf?.translations.find((v) => v.to === 'es');
    expect(spanish).toMatchObject({ state: 'ready', engine: 'apertium' });
    expect(spanish?.text).toMatch(/tren/i);
    expect(spanish?.text).not.toMatch(/train/i);
  });
});

describe('their language, detected from what they write', () => {
  it('is taken from the first sure text in the audience’s half, and earlier muses follow into it', async () => {
    const { plaza, guestToken } = await guestPlaza('en', 'auto');
    expect(plaza).toMatchObject({ userLanguage: 'en', audienceLanguage: 'auto', name: 'EN ⇄ AUTO' });
    const headers = guestHeaders(guestToken);

    const hello = await say(plaza.id, headers, 'Hello, welcome to the museum. Where are you from?', 'user');
    expect(hello.statusCode, hello.body).toBe(201);
    // Nothing to translate into yet, and never a made-up "auto" version.
    expect(hello.json<MuseDetail>().translations.map((v) => v.to)).toEqual(['en']);

    // Too short to tell: the plaza keeps waiting.
    expect((await say(plaza.id, headers, 'ok', 'audience')).statusCode).toBe(201);
    expect((await plazaOf(plaza.id, guestToken)).audienceLanguage).toBe('auto');

    const reply = await say(
      plaza.id,
      headers,
      'Soy de Valencia, en España. ¿Dónde está la estación de tren?',
      'audience',
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<MuseDetail>()).toMatchObject({ from: 'es', side: 'audience' });
    expect(
      reply
        .json<MuseDetail>()
        .translations.map((v) => v.to)
        .sort(),
    ).toEqual(['en', 'es']);
    expect(await plazaOf(plaza.id, guestToken)).toMatchObject({ audienceLanguage: 'es', name: 'EN ⇄ ES' });

    // The host's earlier words are shown in Spanish from now on.
    await musesOf(plaza.id, guestToken);
    await t.app.muses.idle();
    const first = (await musesOf(plaza.id, guestToken)).find((m) => m.id === hello.json<MuseDetail>().id);
    const spanish = first?.translations.find((v) => v.to === 'es');
    expect(spanish).toMatchObject({ state: 'ready' });
    expect(spanish?.text).toMatch(/museo/i);
  });

  it('is not taken from the host’s own language typed in their half, and a named plaza keeps its name', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      payload: { userLanguage: 'en', audienceLanguage: 'auto', name: 'Museum desk' },
      remoteAddress: '10.8.0.1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { plaza, guestToken } = created.json<PlazaSession>();
    const headers = guestHeaders(guestToken);
    await say(plaza.id, headers, 'This is English, written in the other half by mistake.', 'audience');
    expect((await plazaOf(plaza.id, guestToken)).audienceLanguage).toBe('auto');
    await say(
      plaza.id,
      headers,
      'Bonjour, je voudrais deux billets pour la visite de midi, s’il vous plaît.',
      'audience',
    );
    expect(await plazaOf(plaza.id, guestToken)).toMatchObject({ audienceLanguage: 'fr', name: 'Museum desk' });
  });

  it('cannot swap sides before it is known, and a joining phone’s pick names it', async () => {
    const { plaza, guestToken } = await guestPlaza('en', 'auto');
    const headers = guestHeaders(guestToken);
    expectError(await t.app.inject({ method: 'POST', url: `/api/plazas/${plaza.id}/swap`, headers }), 409, 'conflict');
    const { joinCode } = await invite(plaza.id, headers);
    const joined = await join(joinCode, 'pt');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<PlazaSession>().plaza).toMatchObject({ userLanguage: 'en', audienceLanguage: 'pt' });
  });

  it('is offered in saved pairs and refused as my own language', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/interpreter/profiles',
      headers: member.headers,
      payload: { name: 'Visitors', userLanguage: 'en', audienceLanguage: 'auto' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<InterpreterProfile>().audienceLanguage).toBe('auto');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/plazas',
        payload: { userLanguage: 'auto', audienceLanguage: 'en' },
        remoteAddress: '10.8.0.2',
      }),
      400,
      'validation_failed',
    );
  });
});

describe('plazas for guests', () => {
  it('opens without an account and translates each side into the other language', async () => {
    const { plaza, guestToken } = await guestPlaza();
    expect(guestToken).toBeTruthy();
    expect(plaza).toMatchObject({ side: 'user', host: true, kept: false, userLanguage: 'en', audienceLanguage: 'es' });
    expect(new Date(plaza.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);

    const res = await say(plaza.id, guestHeaders(guestToken), 'Good morning, my friend.');
    expect(res.statusCode, res.body).toBe(201);
    const reply = await say(plaza.id, guestHeaders(guestToken), '¿Dónde está el mercado?', 'audience');
    expect(reply.json<MuseDetail>().side).toBe('audience');
    await t.app.muses.idle();

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${plaza.id}/muses`,
      headers: guestHeaders(guestToken),
    });
    const [first, second] = page.json<PlazaMuses>().muses;
    expect(first?.from).toBe('en');
    expect(first?.translations.find((v) => v.to === 'es')).toMatchObject({ state: 'ready', engine: 'apertium' });
    expect(first?.translations.find((v) => v.to === 'es')?.text).toMatch(/amigo/i);
    expect(second?.from).toBe('es');
    expect(second?.translations.find((v) => v.to === 'en')?.text).toMatch(/market/i);
  });

  it('caps what a guest sends at 500 characters', async () => {
    const { plaza, guestToken } = await guestPlaza();
    const res = await say(plaza.id, guestHeaders(guestToken), 'a'.repeat(501));
    expectError(res, 400, 'validation_failed');
  });

  it('limits plaza creation per address, with Retry-After', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 4; i++) await guestPlaza('en', 'es', address);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
      remoteAddress: address,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets nobody read a plaza without its token or membership', async () => {
    const { plaza } = await guestPlaza();
    const another = await guestPlaza();
    expectUnauthorized(await t.app.inject({ method: 'GET', url: `/api/plazas/${plaza.id}` }));
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/plazas/${plaza.id}`, headers: guestHeaders(another.guestToken) }),
    );
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/plazas/${plaza.id}/muses`, headers: member.headers }),
    );
    expectUnauthorized(
      await t.app.inject({ method: 'GET', url: `/api/plazas/${plaza.id}`, headers: guestHeaders('forged.token.here') }),
    );
  });

  it('expires guests\u2019 plazas and sweeps them with their muses and photos', async () => {
    const { plaza, guestToken } = await guestPlaza();
    await say(plaza.id, guestHeaders(guestToken), 'Hello');
    const picture = await photo(guestHeaders(guestToken));
    const stored = (await t.database.db.execute(
      sql`select storage_key as "storageKey", thumb_key as "thumbKey" from uploads where id = ${picture.id}`,
    )) as { rows: { storageKey: string; thumbKey: string }[] };
    const files = Object.values(stored.rows[0]!).map((key) => path.join(t.config.dataDir, 'uploads', key));
    expect(files.map((file) => fs.existsSync(file))).toEqual([true, true]);
    await t.database.db.execute(
      sql`update conversations set expires_at = now() - interval '1 minute' where id = ${plaza.id}`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${plaza.id}`,
      headers: guestHeaders(guestToken),
    });
    expect(expectError(res, 410, 'gone').fields).toEqual({ code: ['expired'] });
    expect(await t.app.plazas.sweep()).toBe(1);
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/plazas/${plaza.id}`, headers: guestHeaders(guestToken) }),
    );
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from muses where conversation_id = ${plaza.id}`,
    );
    const { rows } = left as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
    expect(files.map((file) => fs.existsSync(file))).toEqual([false, false]);
  });
});

describe('joining by code', () => {
  it('joins with a valid code as the audience, in their language', async () => {
    const host = await guestPlaza();
    const { joinCode, joinPath } = await invite(host.plaza.id, guestHeaders(host.guestToken));
    expect(joinCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(joinPath).toBe(`/interpret/join?code=${joinCode}`);
    const res = await join(joinCode.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const audience = res.json<PlazaSession>();
    expect(audience.plaza).toMatchObject({ id: host.plaza.id, side: 'audience', host: false, joinCode: null });
    expect(audience.guestToken).toBeTruthy();

    const sent = await say(host.plaza.id, guestHeaders(audience.guestToken), 'Buenos días', 'user');
    expect(sent.json<MuseDetail>().side).toBe('audience');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${host.plaza.id}`,
      headers: guestHeaders(host.guestToken),
    });
    expect(
      seen
        .json<Plaza>()
        .participants.map((p) => p.side)
        .sort(),
    ).toEqual(['audience', 'user']);
  });

  it('says wrong, expired and ended apart', async () => {
    expect(expectError(await join('ZZZZZZ'), 404, 'not_found').fields).toEqual({ code: ['invalid'] });

    const expiring = await guestPlaza();
    const code = (await invite(expiring.plaza.id, guestHeaders(expiring.guestToken))).joinCode;
    await t.database.db.execute(
      sql`update conversations set join_expires_at = now() - interval '1 second' where id = ${expiring.plaza.id}`,
    );
    expect(expectError(await join(code), 410, 'gone').fields).toEqual({ code: ['expired'] });

    const ending = await guestPlaza();
    const endCode = (await invite(ending.plaza.id, guestHeaders(ending.guestToken))).joinCode;
    const joined = (await join(endCode)).json<PlazaSession>();
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/plazas/${ending.plaza.id}/invite`,
      headers: guestHeaders(ending.guestToken),
    });
    expect(end.statusCode).toBe(204);
    expect(expectError(await join(endCode), 410, 'gone').fields).toEqual({ code: ['ended'] });
    // The guest who had joined is out with the code, and told so when they come back (a reload).
    for (const url of [`/api/plazas/${ending.plaza.id}`, `/api/plazas/${ending.plaza.id}/muses`]) {
      const back = await t.app.inject({ method: 'GET', url, headers: guestHeaders(joined.guestToken) });
      expect(expectError(back, 410, 'gone').fields).toEqual({ code: ['ended'] });
    }
    expect(
      expectError(await say(ending.plaza.id, guestHeaders(joined.guestToken), 'Hola'), 410, 'gone').fields,
    ).toEqual({ code: ['ended'] });
    // A new invitation does not let the removed guest back in.
    await invite(ending.plaza.id, guestHeaders(ending.guestToken));
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${ending.plaza.id}`,
      headers: guestHeaders(joined.guestToken),
    });
    expect(expectError(again, 410, 'gone').fields).toEqual({ code: ['ended'] });
  });

  it('lets only the host invite, end and clear', async () => {
    const host = await guestPlaza();
    const { joinCode } = await invite(host.plaza.id, guestHeaders(host.guestToken));
    const audience = (await join(joinCode)).json<PlazaSession>();
    const headers = guestHeaders(audience.guestToken);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/plazas/${host.plaza.id}/invite`, headers }),
      403,
      'forbidden',
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/plazas/${host.plaza.id}/muses`, headers }),
      403,
      'forbidden',
    );
    const clear = await t.app.inject({
      method: 'DELETE',
      url: `/api/plazas/${host.plaza.id}/muses`,
      headers: guestHeaders(host.guestToken),
    });
    expect(clear.statusCode).toBe(204);
  });
});

describe("members' plazas", () => {
  it('are kept, in their history, with no guest token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      headers: member.headers,
      payload: { userLanguage: 'en', audienceLanguage: 'es', name: 'Hotel desk' },
    });
    const session = res.json<PlazaSession>();
    expect(session.guestToken).toBeNull();
    expect(session.plaza).toMatchObject({ kept: true, expiresAt: null, name: 'Hotel desk' });
    const sent = await say(session.plaza.id, member.headers, 'I have a reservation.');
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: member.headers });
    expect(list.json<ConversationSummary[]>().find((c) => c.id === session.plaza.id)?.kind).toBe('plaza');
    // A guest's plaza past its time goes with the sweep; the member's plaza, with its muse, stays.
    const guests = await guestPlaza();
    await t.database.db.execute(
      sql`update conversations set expires_at = now() - interval '1 minute' where id = ${guests.plaza.id}`,
    );
    expect(await t.app.plazas.sweep()).toBe(1);
    expect(await t.app.plazas.sweep()).toBe(0);
    expectNotFound(
      await t.app.inject({
        method: 'GET',
        url: `/api/plazas/${guests.plaza.id}`,
        headers: guestHeaders(guests.guestToken),
      }),
    );
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${session.plaza.id}`,
      headers: member.headers,
    });
    expect(still.statusCode).toBe(200);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${session.plaza.id}/muses`,
      headers: member.headers,
    });
    expect(kept.json<PlazaMuses>().muses.map((m) => m.text)).toEqual(['I have a reservation.']);
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/plazas/${session.plaza.id}`, headers: other.headers }),
    );
  });

  it('keep saved language pairs that only their owner sees', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/interpreter/profiles',
      headers: member.headers,
      payload: { name: 'Market', userLanguage: 'en', audienceLanguage: 'es' },
    });
    expect(create.statusCode, create.body).toBe(201);
    const profile = create.json<InterpreterProfile>();
    expect(profile.voice).toEqual({ enabled: true, rate: 1 });
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/interpreter/profiles/${profile.id}`,
      headers: member.headers,
      payload: { name: 'Mercado' },
    });
    expect(rename.json<InterpreterProfile>().name).toBe('Mercado');
    expectNotFound(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/interpreter/profiles/${profile.id}`,
        headers: other.headers,
        payload: { name: 'mine' },
      }),
    );
    expectNotFound(
      await t.app.inject({ method: 'DELETE', url: `/api/interpreter/profiles/${profile.id}`, headers: other.headers }),
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/interpreter/profiles',
        headers: member.headers,
        payload: { name: 'Same', userLanguage: 'en', audienceLanguage: 'en' },
      }),
      400,
      'validation_failed',
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/interpreter/profiles/${profile.id}`,
      headers: member.headers,
    });
    expect(del.statusCode).toBe(204);
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/interpreter/profiles' }));
  });

  it('answer an empty patch of a saved pair with 400 and leave the pair as it was (issue 29: it was a 500)', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/interpreter/profiles',
      headers: member.headers,
      payload: { name: 'Clinic', userLanguage: 'en', audienceLanguage: 'ar' },
    });
    const profile = create.json<InterpreterProfile>();
    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/interpreter/profiles/${id}`, headers: member.headers, payload });
    const empty = expectError(await patch(profile.id, {}), 400, 'validation_failed');
    expect(empty.fields?.body).toEqual([expect.stringMatching(/^Nothing to change/) as unknown]);
    const kept = (await t.app.inject({ method: 'GET', url: '/api/interpreter/profiles', headers: member.headers }))
      .json<InterpreterProfile[]>()
      .find((saved) => saved.id === profile.id);
    expect(kept).toMatchObject({ name: 'Clinic', userLanguage: 'en', audienceLanguage: 'ar' });
  });

  it('answer a patch of an unknown saved pair with 404, a language change too', async () => {
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/interpreter/profiles/${randomUUID()}`,
        headers: member.headers,
        payload,
      });
    expectNotFound(await patch({ name: 'Nobody' }));
    expectNotFound(await patch({ audienceLanguage: 'fr' }));
  });
});

describe('the joiner picks the audience language', () => {
  it("takes the joiner's language for the audience side, for both devices", async () => {
    const host = await guestPlaza('en', 'es');
    await say(host.plaza.id, guestHeaders(host.guestToken), 'Good morning, my friend.');
    const { joinCode } = await invite(host.plaza.id, guestHeaders(host.guestToken));

    // The host's own language is not the audience's.
    const same = expectError(await join(joinCode, 'en'), 400, 'validation_failed');
    expect(Object.keys(same.fields ?? {})).toEqual(['language']);

    const res = await join(joinCode, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    const audience = res.json<PlazaSession>();
    expect(audience.plaza).toMatchObject({
      side: 'audience',
      userLanguage: 'en',
      audienceLanguage: 'fr',
      name: 'EN ⇄ FR',
    });
    const hostView = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${host.plaza.id}`,
      headers: guestHeaders(host.guestToken),
    });
    expect(hostView.json<Plaza>()).toMatchObject({ audienceLanguage: 'fr', name: 'EN ⇄ FR' });

    // What the French speaker writes is French, and the host's earlier words are read in French.
    const sent = await say(host.plaza.id, guestHeaders(audience.guestToken), 'Bonjour, où est la gare ?');
    expect(sent.json<MuseDetail>()).toMatchObject({ side: 'audience', from: 'fr' });
    await t.app.muses.idle();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${host.plaza.id}/muses`,
      headers: guestHeaders(host.guestToken),
    });
    const [hosts, theirs] = page.json<PlazaMuses>().muses;
    expect(hosts?.translations.map((v) => v.to)).toContain('fr');
    expect(hosts?.translations.map((v) => v.to)).not.toContain('es');
    expect(theirs?.translations.map((v) => v.to)).toContain('en');

    // A second device cannot switch the language under the first one's feet.
    const taken = expectError(await join(joinCode, 'de'), 409, 'conflict');
    expect(Object.keys(taken.fields ?? {})).toEqual(['language']);
    // Joining in the language already there is fine.
    expect((await join(joinCode, 'fr')).statusCode).toBe(200);
  });
});

describe('swapping the sides', () => {
  it('trades the languages and the muses between the user and the audience', async () => {
    const host = await guestPlaza('en', 'es');
    const headers = guestHeaders(host.guestToken);
    await say(host.plaza.id, headers, 'Hello');
    await say(host.plaza.id, headers, 'Hola', 'audience');
    const res = await t.app.inject({ method: 'POST', url: `/api/plazas/${host.plaza.id}/swap`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Plaza>()).toMatchObject({
      userLanguage: 'es',
      audienceLanguage: 'en',
      name: 'ES ⇄ EN',
      side: 'user',
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/plazas/${host.plaza.id}/muses`, headers });
    expect(page.json<PlazaMuses>().muses.map((m) => [m.text, m.from, m.side])).toEqual([
      ['Hello', 'en', 'audience'],
      ['Hola', 'es', 'user'],
    ]);
    // Now "me" writes Spanish.
    const mine = await say(host.plaza.id, headers, 'Buenas noches');
    expect(mine.json<MuseDetail>()).toMatchObject({ side: 'user', from: 'es' });

    // Not while someone reads the audience side on their own phone, and never by them.
    const { joinCode } = await invite(host.plaza.id, headers);
    const audience = (await join(joinCode, 'en')).json<PlazaSession>();
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/plazas/${host.plaza.id}/swap`, headers }),
      409,
      'conflict',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/plazas/${host.plaza.id}/swap`,
        headers: guestHeaders(audience.guestToken),
      }),
      403,
      'forbidden',
    );
  });
});

describe('what the expiry notice is based on', () => {
  it("tells a guest in a member's plaza that their access ends, and the member that it is kept", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      headers: member.headers,
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
    });
    const hosted = created.json<PlazaSession>();
    expect(hosted.plaza).toMatchObject({ guest: false, kept: true, expiry: 'none', expiresAt: null });
    const { joinCode } = await invite(hosted.plaza.id, member.headers);
    const joined = (await join(joinCode, 'es')).json<PlazaSession>();
    expect(joined.plaza).toMatchObject({ guest: true, kept: false, expiry: 'access' });
    const ends = Date.parse(joined.plaza.expiresAt!);
    expect(ends).toBeGreaterThan(Date.now() + 11.9 * 3_600_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
    const reloaded = await t.app.inject({
      method: 'GET',
      url: `/api/plazas/${hosted.plaza.id}`,
      headers: guestHeaders(joined.guestToken),
    });
    expect(reloaded.json<Plaza>()).toMatchObject({ guest: true, expiry: 'access', expiresAt: joined.plaza.expiresAt });

    // A guest's own plaza: the conversation itself expires, for its guest host and its guest.
    const own = await guestPlaza();
    expect(own.plaza).toMatchObject({ guest: true, kept: false, expiry: 'conversation' });
    const code = (await invite(own.plaza.id, guestHeaders(own.guestToken))).joinCode;
    const theirs = (await join(code, 'es')).json<PlazaSession>();
    expect(theirs.plaza).toMatchObject({ expiry: 'conversation', expiresAt: own.plaza.expiresAt });
  });
});

describe('each profile opens its plaza', () => {
  it('reopens the last plaza of a pair, and a new one only when asked', async () => {
    const profile = (
      await t.app.inject({
        method: 'POST',
        url: '/api/interpreter/profiles',
        headers: member.headers,
        payload: { name: 'Front desk', userLanguage: 'en', audienceLanguage: 'es' },
      })
    ).json<InterpreterProfile>();
    const open = (fresh?: boolean, who: Member = member) =>
      t.app.inject({
        method: 'POST',
        url: `/api/interpreter/profiles/${profile.id}/open`,
        headers: who.headers,
        payload: fresh === undefined ? {} : { fresh },
      });
    const first = await open();
    expect(first.statusCode, first.body).toBe(200);
    const firstPlaza = first.json<PlazaSession>().plaza;
    expect(firstPlaza).toMatchObject({ name: 'Front desk', userLanguage: 'en', audienceLanguage: 'es', kept: true });
    await say(firstPlaza.id, member.headers, 'Your room is ready.');
    expect((await open()).json<PlazaSession>().plaza.id).toBe(firstPlaza.id);

    const fresh = (await open(true)).json<PlazaSession>().plaza;
    expect(fresh.id).not.toBe(firstPlaza.id);
    expect((await open()).json<PlazaSession>().plaza.id).toBe(fresh.id);

    // A plaza that now speaks another pair is not this profile's any more.
    const { joinCode } = await invite(fresh.id, member.headers);
    expect((await join(joinCode, 'de')).statusCode).toBe(200);
    const after = (await open()).json<PlazaSession>().plaza;
    expect(after.id).not.toBe(fresh.id);
    expect(after).toMatchObject({ userLanguage: 'en', audienceLanguage: 'es' });

    expectNotFound(await open(false, other));
    expectUnauthorized(
      await t.app.inject({ method: 'POST', url: `/api/interpreter/profiles/${profile.id}/open`, payload: {} }),
    );
  });

  it('refuses a change that leaves both sides in one language', async () => {
    const profile = (
      await t.app.inject({
        method: 'POST',
        url: '/api/interpreter/profiles',
        headers: member.headers,
        payload: { name: 'Pair', userLanguage: 'en', audienceLanguage: 'es' },
      })
    ).json<InterpreterProfile>();
    const patch = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/interpreter/profiles/${profile.id}`,
        headers: member.headers,
        payload,
      });
    const sameOnBothSides: Record<string, string>[] = [
      { audienceLanguage: 'en' },
      { userLanguage: 'es' },
      { userLanguage: 'fr', audienceLanguage: 'fr' },
    ];
    for (const payload of sameOnBothSides) {
      expect(Object.keys(expectError(await patch(payload), 400, 'validation_failed').fields ?? {})).toEqual([
        'audienceLanguage',
      ]);
    }
    const changed = await patch({ audienceLanguage: 'fr' });
    expect(changed.json<InterpreterProfile>()).toMatchObject({ userLanguage: 'en', audienceLanguage: 'fr' });
  });
});

async function photo(headers: Record<string, string>) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const boundary = '----tolk-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; url: string }>();
}

describe('permissions', () => {
  it('keeps outsiders from sending, inviting, ending and reading photos', async () => {
    const host = await guestPlaza();
    const hostHeaders = guestHeaders(host.guestToken);
    const picture = await photo(hostHeaders);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${host.plaza.id}/muses`,
      headers: hostHeaders,
      payload: { clientId: randomUUID(), text: 'Look', photoId: picture.id },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: picture.url, headers: hostHeaders })).statusCode).toBe(200);

    const stranger = await guestPlaza();
    const outsiders: [string, Record<string, string>, (res: Awaited<ReturnType<typeof say>>) => void][] = [
      ['nobody', {}, expectUnauthorized],
      ['another guest', guestHeaders(stranger.guestToken), expectNotFound],
      ['a member', other.headers, expectNotFound],
    ];
    for (const [, headers, expected] of outsiders) {
      expected(await say(host.plaza.id, headers, 'Let me in'));
      expected(await t.app.inject({ method: 'POST', url: `/api/plazas/${host.plaza.id}/invite`, headers }));
      expected(await t.app.inject({ method: 'DELETE', url: `/api/plazas/${host.plaza.id}/invite`, headers }));
      expected(await t.app.inject({ method: 'POST', url: `/api/plazas/${host.plaza.id}/swap`, headers }));
      expected(await t.app.inject({ method: 'DELETE', url: `/api/plazas/${host.plaza.id}/muses`, headers }));
    }
    // Photos: another plaza's guest and a member outside it get a 404, as for an unknown id.
    expectNotFound(await t.app.inject({ method: 'GET', url: picture.url, headers: guestHeaders(stranger.guestToken) }));
    expectNotFound(await t.app.inject({ method: 'GET', url: picture.url, headers: other.headers }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: picture.url }));
    // Nothing an outsider tried got through.
    const page = await t.app.inject({ method: 'GET', url: `/api/plazas/${host.plaza.id}/muses`, headers: hostHeaders });
    expect(page.json<PlazaMuses>().muses.map((m) => m.text)).toEqual(['Look']);
  });

  it("keeps a second member's hands off a member's pairs", async () => {
    const profile = (
      await t.app.inject({
        method: 'POST',
        url: '/api/interpreter/profiles',
        headers: member.headers,
        payload: { name: 'Mine', userLanguage: 'en', audienceLanguage: 'it' },
      })
    ).json<InterpreterProfile>();
    expectNotFound(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/interpreter/profiles/${profile.id}`,
        headers: other.headers,
        payload: { audienceLanguage: 'fr' },
      }),
    );
    expectNotFound(
      await t.app.inject({ method: 'DELETE', url: `/api/interpreter/profiles/${profile.id}`, headers: other.headers }),
    );
    expectNotFound(
      await t.app.inject({
        method: 'POST',
        url: `/api/interpreter/profiles/${profile.id}/open`,
        headers: other.headers,
        payload: {},
      }),
    );
    const theirs = await t.app.inject({ method: 'GET', url: '/api/interpreter/profiles', headers: other.headers });
    expect(theirs.json<InterpreterProfile[]>().map((p) => p.id)).not.toContain(profile.id);
    const mine = await t.app.inject({ method: 'GET', url: '/api/interpreter/profiles', headers: member.headers });
    expect(mine.json<InterpreterProfile[]>().find((p) => p.id === profile.id)).toMatchObject({
      name: 'Mine',
      audienceLanguage: 'it',
    });
  });

  it('lets no socket into a plaza without its token or membership', async () => {
    await listen(t);
    const host = await guestPlaza();
    const stranger = await guestPlaza();
    await expect(connectSocket(t, undefined)).rejects.toThrow();
    await expect(connectSocket(t, 'forged.token.here')).rejects.toThrow();
    for (const token of [stranger.guestToken!, other.token]) {
      const socket = await connectSocket(t, token);
      expect(await joinConversation(socket, host.plaza.id, 0)).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
      socket.close();
    }
    const own = await connectSocket(t, host.guestToken!);
    expect(await joinConversation(own, host.plaza.id, 0)).toMatchObject({ ok: true });
    own.close();
  });
});

describe('guest limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await testApp({ guestLimits: { createPerHour: 100, joinPerHour: 2, sendPerMinute: 2 } });
  });
  afterAll(() => limited.close());

  it('counts wrong codes against the join limit', async () => {
    const address = '10.20.0.1';
    const tryJoin = (code: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/plazas/join',
        payload: { code, language: 'es' },
        remoteAddress: address,
      });
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/plazas',
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
      remoteAddress: '10.20.0.2',
    });
    const host = created.json<PlazaSession>();
    const code = (
      await limited.app.inject({
        method: 'POST',
        url: `/api/plazas/${host.plaza.id}/invite`,
        headers: guestHeaders(host.guestToken),
      })
    ).json<Invite>().joinCode;
    expectError(await tryJoin('ZZZZZZ'), 404, 'not_found');
    expectError(await tryJoin('YYYYYY'), 404, 'not_found');
    // The right code, but too late: two guesses used the hour's allowance.
    const blocked = expectError(await tryJoin(code), 429, 'rate_limited');
    expect(blocked.message).toBeTruthy();
    // Another address is not affected.
    const elsewhere = await limited.app.inject({
      method: 'POST',
      url: '/api/plazas/join',
      payload: { code, language: 'es' },
      remoteAddress: '10.20.0.3',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('limits what a guest sends per minute, and gives members more room', async () => {
    const address = '10.20.1.1';
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/plazas',
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
      remoteAddress: address,
    });
    const { plaza, guestToken } = created.json<PlazaSession>();
    const send = (text: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/plazas/${plaza.id}/muses`,
        headers: guestHeaders(guestToken),
        payload: { clientId: randomUUID(), text },
        remoteAddress: address,
      });
    expect((await send('One')).statusCode).toBe(201);
    expect((await send('Two')).statusCode).toBe(201);
    const third = await send('Three');
    expectError(third, 429, 'rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const someone = await newAccount(limited.app, { language: 'en' });
    const mine = (
      await limited.app.inject({
        method: 'POST',
        url: '/api/plazas',
        headers: someone.headers,
        payload: { userLanguage: 'en', audienceLanguage: 'es' },
        remoteAddress: '10.20.1.2',
      })
    ).json<PlazaSession>().plaza;
    for (const text of ['One', 'Two', 'Three']) {
      const res = await limited.app.inject({
        method: 'POST',
        url: `/api/plazas/${mine.id}/muses`,
        headers: someone.headers,
        payload: { clientId: randomUUID(), text },
        remoteAddress: '10.20.1.2',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
