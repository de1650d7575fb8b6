import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, MuseDetail } from '@tolk/shared/schemas/conversations';
import type { PlazaSession } from '@tolk/shared/schemas/plazas';
import type { TranslateResponse, TranslationFlagReceipt, TranslationFlagsPage } from '@tolk/shared/schemas/translation';
import { apertiumInstalled } from '../../config';
import { accounts } from '../../db/schema/accounts';
import { translationFlags, translationMemory } from '../../db/schema/translation';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newConversation,
  newTenantAccount,
  postMuse,
  signIn,
  type Member,
} from '../../test/factories';
import { hashText, normaliseText } from './protected-text';

// The real engine: a flag is about what Apertium said. Where it is missing these tests cannot run.
const MODES_DIR = '/usr/share/apertium/modes';
const skipReason = apertiumInstalled(MODES_DIR) ? undefined : 'apertium is not installed';
if (skipReason) console.warn(`translation flags: skipped, ${skipReason}`);

const SPANISH = 'La estación está cerca';

let t: TestApp;
let reader: Member;
let writer: Member;
let outsider: Member;
let elsewhere: Member;
let admin: Member;
let chat: Conversation;
let museId: string;

const flag = (member: Pick<Member, 'headers'>, id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/muses/${id}/flags`, headers: member.headers, payload: payload as object });

const flagsPage = (member: Pick<Member, 'headers'>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/translation/flags${query}`, headers: member.headers });

const engineCalls = () => t.app.translation.figures().engines.find((engine) => engine.name === 'apertium')!.calls;

async function memoryRow(from: string, to: string, text: string) {
  const [row] = await t.database.db
    .select()
    .from(translationMemory)
    .where(
      and(
        eq(translationMemory.engine, 'apertium'),
        eq(translationMemory.sourceLanguage, from),
        eq(translationMemory.targetLanguage, to),
        eq(translationMemory.sourceHash, hashText(normaliseText(text))),
      ),
    );
  return row;
}

beforeAll(async () => {
  if (skipReason) return;
  t = await testApp({
    config: {
      translation: {
        engines: [{ name: 'apertium', modesDir: MODES_DIR }],
        premiumEngines: [],
        timeoutMs: 10_000,
        cacheSize: 1000,
      },
    },
  });
  reader = await newAccount(t.app, { language: 'en' });
  writer = await newAccount(t.app, { language: 'es' });
  outsider = await newAccount(t.app, { language: 'en' });
  elsewhere = await newTenantAccount(t.app, 'flags-elsewhere', { language: 'en' });
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  chat = await newConversation(t.app, writer, { kind: 'direct', members: [reader.username] });
  museId = (await postMuse(t.app, writer, chat.id, SPANISH, 'es')).id;
  await t.app.muses.idle();
});
afterAll(async () => {
  if (!skipReason) await t.close();
});

describe.skipIf(skipReason)('flagging a machine translation', () => {
  it('keeps the text pair, languages, engine, the member and their tenant, and says 201', async () => {
    const detail = await t.app.inject({ method: 'GET', url: `/api/muses/${museId}`, headers: reader.headers });
    const shown = detail.json<MuseDetail>().translation!;
    expect(shown).toMatchObject({ to: 'en', state: 'ready', engine: 'apertium' });

    const res = await flag(reader, museId, { to: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json<TranslationFlagReceipt>();
    const rows = await t.database.db.select().from(translationFlags).where(eq(translationFlags.id, receipt.id));
    expect(rows).toEqual([
      expect.objectContaining({
        tenantId: (await t.database.db.select().from(accounts).where(eq(accounts.id, reader.userId)))[0]!.tenantId,
        accountId: reader.userId,
        museId,
        engine: 'apertium',
        pivot: null,
        sourceLanguage: 'es',
        targetLanguage: 'en',
        sourceText: SPANISH,
        targetText: shown.text,
      }),
    ]);
  });

  it('is idempotent: the same member flagging again gets the same flag, and no second row', async () => {
    const first = await flag(reader, museId, { to: 'en' });
    const again = await flag(reader, museId, { to: 'EN' });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TranslationFlagReceipt>()).toEqual(first.json<TranslationFlagReceipt>());
    const rows = await t.database.db
      .select()
      .from(translationFlags)
      .where(eq(translationFlags.accountId, reader.userId));
    expect(rows).toHaveLength(1);
  });

  it('is not served from the translation memory: the next translation goes to Apertium and replaces it', async () => {
    const flagged = await memoryRow('es', 'en', SPANISH);
    expect(flagged?.flaggedAt).toBeInstanceOf(Date);
    const before = engineCalls();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { texts: [SPANISH], to: ['en'], from: 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslateResponse>().results[0]!.translations[0]).toMatchObject({
      state: 'ready',
      engine: 'apertium',
    });
    expect(engineCalls()).toBe(before + 1);
    const fresh = await memoryRow('es', 'en', SPANISH);
    expect(fresh?.flaggedAt).toBeNull();
    expect(fresh!.createdAt.getTime()).toBeGreaterThanOrEqual(flagged!.flaggedAt!.getTime());
    // Made again, it is served from memory again.
    await t.app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { texts: [SPANISH], to: ['en'], from: 'es' },
    });
    expect(engineCalls()).toBe(before + 1);
  });

  it('is only for a translation the member could read: others, in the tenant or not, get 404', async () => {
    expectNotFound(await flag(outsider, museId, { to: 'en' }));
    expectNotFound(await flag(elsewhere, museId, { to: 'en' }));
    expectNotFound(await flag(reader, '00000000-0000-4000-8000-000000000000', { to: 'en' }));
    const rows = await t.database.db.select().from(translationFlags);
    expect(rows.map((row) => row.accountId)).toEqual([reader.userId]);
  });

  it('refuses bad input with 400 (a malformed muse id is not found)', async () => {
    // A malformed id names no muse, as everywhere in the API.
    expectNotFound(await flag(reader, 'not-a-muse', { to: 'en' }));
    expectError(await flag(reader, museId, {}), 400, 'validation_failed');
    expectError(await flag(reader, museId, { to: 'english please' }), 400, 'validation_failed');
    // Nobody reads it in French: there is no French translation to flag.
    const none = expectError(await flag(reader, museId, { to: 'fr' }), 400, 'validation_failed');
    expect(none.fields?.to).toBeDefined();
  });

  it('takes a plaza line from the member hosting the plaza, and no one else', async () => {
    const host = await newAccount(t.app, { language: 'en' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plazas',
      headers: host.headers,
      payload: { userLanguage: 'en', audienceLanguage: 'es' },
    });
    const { plaza } = res.json<PlazaSession>();
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${plaza.id}/muses`,
      headers: host.headers,
      payload: { clientId: crypto.randomUUID(), text: 'The season is near.' },
    });
    expect(said.statusCode, said.body).toBe(201);
    await t.app.muses.idle();
    const line = said.json<MuseDetail>().id;
    const flagged = await flag(host, line, { to: 'es' });
    expect(flagged.statusCode, flagged.body).toBe(201);
    expectNotFound(await flag(reader, line, { to: 'es' }));
  });
});

describe.skipIf(skipReason)('the flags superadmins read', () => {
  it('come newest first, a keyset page at a time, with the pair and who flagged it where', async () => {
    const first = await flagsPage(admin, '?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<TranslationFlagsPage>();
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({ from: 'en', to: 'es', sourceText: 'The season is near.', tenant: 'public' });
    expect(page1.nextCursor).not.toBeNull();
    const second = await flagsPage(admin, `?limit=1&cursor=${page1.nextCursor}`);
    const page2 = second.json<TranslationFlagsPage>();
    expect(page2.items[0]).toMatchObject({
      museId,
      engine: 'apertium',
      from: 'es',
      to: 'en',
      sourceText: SPANISH,
      flaggedBy: { id: reader.userId, username: reader.username },
    });
    expect(page2.nextCursor).toBeNull();
  });

  it('are for superadmins only', async () => {
    expectForbidden(await flagsPage(reader));
    expectError(await t.app.inject({ method: 'GET', url: '/api/translation/flags' }), 401, 'unauthorized');
  });

  it('refuse a bad cursor or limit with 400', async () => {
    expectError(await flagsPage(admin, '?cursor=nonsense'), 400, 'validation_failed');
    expectError(await flagsPage(admin, '?limit=0'), 400, 'validation_failed');
    expectError(await flagsPage(admin, '?limit=1000'), 400, 'validation_failed');
  });
});
