import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Conversation,
  ConversationSummary,
  Muse,
  MuseDetail,
  MusesPage,
} from '@tolk/shared/schemas/conversations';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newConversation,
  newTenantAccount,
  type Member,
} from '../../test/factories';
import { connectSocket, joinConversation, listen } from '../../test/sockets';
import { tinyPng, uploadPhoto } from '../uploads/upload-fixtures';

let t: TestApp;
let english: Member;
let spanish: Member;
let outsider: Member;
let direct: Conversation;

beforeAll(async () => {
  t = await testApp();
  await listen(t);
  english = await newAccount(t.app, { language: 'en', displayName: 'Emma' });
  spanish = await newAccount(t.app, { language: 'es', displayName: 'Sofía' });
  outsider = await newAccount(t.app, { language: 'en' });
  direct = await newConversation(t.app, english, { kind: 'direct', members: [spanish.username] });
});
afterAll(() => t.close());

const send = (member: Member, conversationId: string, text: string, clientId = randomUUID(), from?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/muses`,
    headers: member.headers,
    payload: { clientId, text, ...(from ? { from } : {}) },
  });

const page = async (member: Member, conversationId: string, query = 'after=0') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/muses?${query}`,
    headers: member.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MusesPage>();
};

describe('conversations', () => {
  it('keeps one direct chat per pair: starting it again returns the same one', async () => {
    const again = await newConversation(
      t.app,
      spanish,
      { kind: 'direct', members: [english.username.toUpperCase()] },
      200,
    );
    expect(again.id).toBe(direct.id);
    expect(direct.members.map((m) => m.readingLanguage).sort()).toEqual(['en', 'es']);
  });

  it('makes one direct chat when both of a pair start it at the same moment', async () => {
    const [a, b] = [await newAccount(t.app, { language: 'en' }), await newAccount(t.app, { language: 'es' })];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: (i % 2 ? a : b).headers,
          payload: { kind: 'direct', members: [(i % 2 ? b : a).username] },
        }),
      ),
    );
    for (const res of results) expect([200, 201], res.body).toContain(res.statusCode);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json<Conversation>().id)).size).toBe(1);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: a.headers })).json<
      ConversationSummary[]
    >();
    expect(listed.filter((c) => c.kind === 'direct')).toHaveLength(1);
  });

  it('refuses a direct chat with two people, with nobody, or with an unknown name', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/conversations', headers: english.headers, payload });
    expectError(
      await post({ kind: 'direct', members: [spanish.username, outsider.username] }),
      400,
      'validation_failed',
    );
    expectError(await post({ kind: 'direct', members: [english.username] }), 400, 'validation_failed');
    const unknown = expectError(
      await post({ kind: 'group', members: ['nobody-here-at-all'] }),
      400,
      'validation_failed',
    );
    expect(unknown.fields?.members?.[0]).toContain('nobody-here-at-all');
    expect(unknown.reason).toBe('noSuchMember');
  });

  it('finds no one in another tenant: a chat with them is refused as with an unknown name', async () => {
    const elsewhere = await newTenantAccount(t.app, 'acme-chats');
    for (const kind of ['direct', 'group'] as const) {
      const refused = expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: english.headers,
          payload: { kind, members: [elsewhere.username] },
        }),
        400,
        'validation_failed',
      );
      expect(refused.reason).toBe('noSuchMember');
    }
    // Nor can they start one with a member of the public tenant.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: elsewhere.headers,
        payload: { kind: 'direct', members: [english.username] },
      }),
      400,
      'validation_failed',
    );
  });

  it('answers an outsider 404 for reading and sending, and a guest 401', async () => {
    // A sentence outside the catalog of server messages has no reason to key on.
    expect(
      expectNotFound(
        await t.app.inject({ method: 'GET', url: `/api/conversations/${direct.id}`, headers: outsider.headers }),
      ).reason,
    ).toBeUndefined();
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/conversations/${direct.id}`, headers: outsider.headers }),
    );
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/conversations/${direct.id}/muses`, headers: outsider.headers }),
    );
    expectNotFound(await send(outsider, direct.id, 'let me in'));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: `/api/conversations/${direct.id}/muses` }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/conversations' }));
  });
});

describe('muses', () => {
  it('is idempotent on the client id: the same muse comes back, no duplicate', async () => {
    const clientId = randomUUID();
    const first = await send(english, direct.id, 'Good morning, my friend.', clientId);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(english, direct.id, 'Good morning, my friend.', clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json<Muse>().id).toBe(first.json<Muse>().id);
    expect(again.json<Muse>().seq).toBe(first.json<Muse>().seq);
    const all = await page(english, direct.id);
    expect(all.muses.filter((m) => m.clientId === clientId)).toHaveLength(1);
  });

  it('numbers muses without gaps under concurrent senders, each resent at the same moment', async () => {
    const { id } = await newConversation(t.app, english, {
      kind: 'group',
      title: 'Market friends',
      members: [spanish.username],
    });
    // Every muse goes twice at once (a client retrying over a flaky link): one is stored, no gap.
    const clientIds = Array.from({ length: 20 }, () => randomUUID());
    const results = await Promise.all(
      [...clientIds, ...clientIds].map((clientId, j) => {
        const i = j % clientIds.length;
        return send(i % 2 ? spanish : english, id, `number ${i}`, clientId, i % 2 ? 'es' : 'en');
      }),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    const byClient = new Map<string, Set<string>>();
    for (const r of results) {
      const muse = r.json<Muse>();
      byClient.set(muse.clientId, (byClient.get(muse.clientId) ?? new Set()).add(muse.id));
    }
    expect([...byClient.values()].every((ids) => ids.size === 1)).toBe(true);
    const seqs = [...new Set(results.map((r) => r.json<Muse>().seq))].sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const listed = await page(spanish, id, 'after=0&limit=100');
    expect(listed.muses.map((m) => m.seq)).toEqual(seqs);
    const conversation = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: spanish.headers })
    ).json<Conversation>();
    expect(conversation.lastSeq).toBe(20);
  });

  it('gives each reader the muse in their language, translated once and stored', async () => {
    const res = await send(english, direct.id, 'Where is the train station?');
    const sent = res.json<Muse>();
    expect(sent.from).toBe('en');
    expect(sent.translation?.state).toBe('skipped');
    await t.app.muses.idle();
    const forSpanish = (await page(spanish, direct.id)).muses.find((m) => m.id === sent.id)!;
    expect(forSpanish.text).toBe('Where is the train station?');
    expect(forSpanish.translation).toMatchObject({ to: 'es', state: 'ready', engine: 'apertium' });
    expect(forSpanish.translation?.text).toMatch(/tren/i);
    const forEnglish = (await page(english, direct.id)).muses.find((m) => m.id === sent.id)!;
    expect(forEnglish.translation?.state).toBe('skipped');
  });

  it('re-translates after an edit and keeps the versions on the detail', async () => {
    const sent = (await send(spanish, direct.id, 'Tengo un perro.', randomUUID(), 'es')).json<Muse>();
    await t.app.muses.idle();
    const before = (await page(english, direct.id)).muses.find((m) => m.id === sent.id)!;
    expect(before.translation?.text).toMatch(/dog/i);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/muses/${sent.id}`,
      headers: spanish.headers,
      payload: { text: 'Tengo un gato.', from: 'es' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<Muse>().editedAt).not.toBeNull();
    await t.app.muses.idle();
    const detail = await t.app.inject({ method: 'GET', url: `/api/muses/${sent.id}`, headers: english.headers });
    const body = detail.json<MuseDetail>();
    expect(body.translation?.text).toMatch(/cat/i);
    expect(body.translations.find((v) => v.to === 'en')?.text).toMatch(/cat/i);
    expectForbidden(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/muses/${sent.id}`,
        headers: english.headers,
        payload: { text: 'mine' },
      }),
    );
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/muses/${sent.id}`, headers: outsider.headers }));
  });

  it('says unavailable, with the reason, for a language no engine has; never a copy', async () => {
    const sent = (await send(english, direct.id, 'See you tomorrow.', randomUUID(), 'en')).json<Muse>();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/muses/${sent.id}/translations`,
      headers: spanish.headers,
      payload: { to: 'ja' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ to: 'ja', state: 'unavailable', text: null });
    expect(res.json<{ reason: string }>().reason).toMatch(/ja/);
  });

  it('deletes as a tombstone that only the sender can make', async () => {
    const sent = (await send(english, direct.id, 'A secret', randomUUID(), 'en')).json<Muse>();
    expectForbidden(await t.app.inject({ method: 'DELETE', url: `/api/muses/${sent.id}`, headers: spanish.headers }));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/muses/${sent.id}`, headers: english.headers });
    expect(del.statusCode).toBe(204);
    const listed = (await page(spanish, direct.id)).muses.find((m) => m.id === sent.id)!;
    expect(listed).toMatchObject({ deleted: true, text: '', translation: null, seq: sent.seq });
  });

  it('pages back through history with ?before', async () => {
    const { id } = await newConversation(t.app, english, {
      kind: 'group',
      title: 'History',
      members: [spanish.username],
    });
    for (let i = 1; i <= 5; i++)
      expect((await send(english, id, `line ${i}`, randomUUID(), 'en')).statusCode).toBe(201);
    const newest = await page(spanish, id, 'before=6&limit=2');
    expect(newest.muses.map((m) => m.seq)).toEqual([4, 5]);
    expect(newest.muses.map((m) => m.text)).toEqual(['line 4', 'line 5']);
    expect(newest.hasMore).toBe(true);
    const older = await page(spanish, id, 'before=4&limit=2');
    expect(older.muses.map((m) => m.seq)).toEqual([2, 3]);
    expect(older.hasMore).toBe(true);
    const oldest = await page(spanish, id, 'before=2&limit=2');
    expect(oldest.muses.map((m) => m.seq)).toEqual([1]);
    expect(oldest.hasMore).toBe(false);
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/muses?before=3`, headers: outsider.headers }),
    );
  });

  it('sends a photo the sender uploaded, and refuses an unknown one or someone else’s with a field error', async () => {
    const upload = await uploadPhoto(t.app, english.headers, await tinyPng());
    expect(upload.statusCode, upload.body).toBe(201);
    const mine = upload.json<{ id: string; url: string }>();
    const withPhoto = (member: Member, photoId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${direct.id}/muses`,
        headers: member.headers,
        payload: { clientId: randomUUID(), text: '', photoId },
      });
    const sent = await withPhoto(english, mine.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Muse>().photo?.id).toBe(mine.id);
    expect((await t.app.inject({ method: 'GET', url: mine.url, headers: spanish.headers })).statusCode).toBe(200);

    const madeUp = expectError(await withPhoto(english, randomUUID()), 400, 'validation_failed');
    expect(madeUp.fields?.photoId?.length).toBeGreaterThan(0);

    // The outsider's own photo, sent by someone else into a chat the outsider is not in.
    const theirs = (await uploadPhoto(t.app, outsider.headers, await tinyPng('#b91c1c'))).json<{
      id: string;
      url: string;
    }>();
    const stolen = expectError(await withPhoto(spanish, theirs.id), 400, 'validation_failed');
    expect(stolen.fields?.photoId?.length).toBeGreaterThan(0);
    expectNotFound(await t.app.inject({ method: 'GET', url: theirs.url, headers: spanish.headers }));
    expect((await page(english, direct.id, 'after=0&limit=100')).muses.filter((m) => m.photo)).toHaveLength(1);
  });

  it('counts unread muses and clears them when read', async () => {
    const list = async (m: Member) =>
      (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: m.headers })).json<
        ConversationSummary[]
      >();
    const mine = (await list(spanish)).find((c) => c.id === direct.id)!;
    expect(mine.unread).toBeGreaterThan(0);
    expect(mine.lastMuse).not.toBeNull();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${direct.id}/me`,
      headers: spanish.headers,
      payload: { lastReadSeq: mine.lastSeq },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(spanish)).find((c) => c.id === direct.id)!.unread).toBe(0);
  });
});

describe('groups', () => {
  it('lets the owner add and remove members, and members leave', async () => {
    const group = await newConversation(t.app, english, {
      kind: 'group',
      title: 'Hikers',
      members: [spanish.username],
    });
    expect(group.members.find((m) => m.username === english.username)?.role).toBe('owner');
    const addBySpanish = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${group.id}/members`,
      headers: spanish.headers,
      payload: { members: [outsider.username] },
    });
    expectForbidden(addBySpanish);
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${group.id}/members`,
      headers: english.headers,
      payload: { members: [outsider.username] },
    });
    expect(add.json<Conversation>().members).toHaveLength(3);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${group.id}/members/${outsider.username}`,
      headers: outsider.headers,
    });
    expect(leave.statusCode).toBe(204);
    expectNotFound(await send(outsider, group.id, 'still here?'));
  });

  it('translates into the languages of the members still there, not of one who left', async () => {
    const french = await newAccount(t.app, { language: 'fr' });
    const group = await newConversation(t.app, english, {
      kind: 'group',
      title: 'Cyclists',
      members: [spanish.username, french.username],
    });
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${group.id}/members/${french.username}`,
      headers: french.headers,
    });
    expect(leave.statusCode).toBe(204);
    const sent = (await send(english, group.id, 'The bridge is closed today.', randomUUID(), 'en')).json<Muse>();
    await t.app.muses.idle();
    const detail = await t.app.inject({ method: 'GET', url: `/api/muses/${sent.id}`, headers: english.headers });
    expect(detail.json<MuseDetail>().translations.map((v) => v.to)).toEqual(['es']);
  });

  it('answers an empty rename patch with 400 and keeps the title (issue 29: it cleared it)', async () => {
    const group = await newConversation(t.app, english, {
      kind: 'group',
      title: 'Climbers',
      members: [spanish.username],
    });
    const rename = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/conversations/${id}`, headers: english.headers, payload });
    const empty = expectError(await rename(group.id, {}), 400, 'validation_failed');
    expect(empty.fields?.title?.[0]).toMatch(/^Nothing to change/);
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${group.id}`, headers: english.headers });
    expect(read.json<Conversation>().title).toBe('Climbers');
    // An empty title still clears it, and an unknown chat is not found.
    expect((await rename(group.id, { title: '' })).json<Conversation>().title).toBe('');
    expectNotFound(await rename(randomUUID(), { title: 'Anyone?' }));
  });
});

describe('live delivery', () => {
  it('refuses a socket without a valid token, or from another site', async () => {
    await expect(connectSocket(t, 'not-a-token')).rejects.toThrow();
    await expect(connectSocket(t, english.token, { origin: 'https://evil.example' })).rejects.toThrow();
  });

  it('catches a reader up after lastSeq, then delivers live in their language', async () => {
    const before = (await page(spanish, direct.id, 'after=0&limit=100')).muses;
    const lastSeq = before.at(-3)!.seq;
    const socket = await connectSocket(t, spanish.token);
    const received: Muse[] = [];
    socket.on('muse:new', (muse) => received.push(muse));
    socket.on('muse:updated', (muse) => received.push(muse));
    const ack = await joinConversation(socket, direct.id, lastSeq);
    expect(ack.ok).toBe(true);
    expect(received.map((m) => m.seq)).toEqual(before.filter((m) => m.seq > lastSeq).map((m) => m.seq));

    const sent = (await send(english, direct.id, 'The museum opens at nine.', randomUUID(), 'en')).json<Muse>();
    await t.app.muses.idle();
    await expect
      .poll(() => received.filter((m) => m.id === sent.id && m.translation?.state === 'ready').length)
      .toBe(1);
    const live = received.filter((m) => m.id === sent.id).at(-1)!;
    expect(live.translation?.to).toBe('es');
    expect(live.translation?.text).toMatch(/museo/i);
    socket.close();
  });

  it('refuses to join a conversation the socket is not a member of', async () => {
    const socket = await connectSocket(t, outsider.token);
    const ack = await joinConversation(socket, direct.id, 0);
    expect(ack).toMatchObject({ ok: false, error: { code: 'not_found' } });
    socket.close();
  });
});

describe('ids in the path', () => {
  it('answers a malformed conversation, muse or plaza id with 404, as for one that does not exist', async () => {
    const member = await newAccount(t.app);
    for (const url of ['/api/conversations/x', '/api/conversations/x/muses', '/api/muses/x', '/api/plazas/1']) {
      expectNotFound(await t.app.inject({ method: 'GET', url, headers: member.headers }));
    }
  });
});
