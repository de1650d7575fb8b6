import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslateResponse } from '@tolk/shared/schemas/translation';
import { buildApp } from '../../app';
import { translationMemory } from '../../db/schema/translation';
import { testApp, type TestApp } from '../../test/build-app';
import { fakeEngine, type FakeEngine } from '../../test/fake-engine';
import { newAccount, newConversation, postMuse } from '../../test/factories';
import { hashText, normaliseText } from './protected-text';

let t: TestApp;
let engine: FakeEngine;

beforeAll(async () => {
  engine = fakeEngine({
    name: 'counting',
    pairs: [
      ['en', 'es'],
      ['en', 'fr'],
    ],
  });
  t = await testApp({ translationEngines: [engine] });
});
afterAll(() => t.close());

const translate = (app = t.app, texts = ['Good morning,   my   friend!', 'See you at 10:30 😀']) =>
  app.inject({ method: 'POST', url: '/api/translate', payload: { texts, to: ['es', 'fr'], from: 'en' } });

describe('the SQL translation memory', () => {
  it('makes no engine call for a repeated request', async () => {
    const first = await translate();
    expect(first.statusCode, first.body).toBe(200);
    const calls = engine.calls.length;
    expect(calls).toBe(2); // one per language pair
    const second = await translate();
    expect(engine.calls).toHaveLength(calls);
    expect(second.json<TranslateResponse>()).toEqual(first.json<TranslateResponse>());
  });

  it('keys rows by engine, languages and the hash of the normalised text, without the text itself', async () => {
    const rows = await t.database.db.select().from(translationMemory).where(eq(translationMemory.engine, 'counting'));
    expect(rows).toHaveLength(4);
    const hash = hashText(normaliseText('Good morning, my friend!'));
    expect(
      rows
        .filter((row) => row.sourceHash === hash)
        .map((row) => [row.sourceLanguage, row.targetLanguage])
        .sort(),
    ).toEqual([
      ['en', 'es'],
      ['en', 'fr'],
    ]);
    expect(rows.find((row) => row.sourceHash === hash && row.targetLanguage === 'es')?.translatedText).toBe(
      '[es] Good morning, my friend!',
    );
    expect(JSON.stringify(rows)).not.toContain('"Good morning, my friend!"');
  });

  it('serves another server instance on the same database from SQL, with no engine call', async () => {
    const otherEngine = fakeEngine({
      name: 'counting',
      pairs: [
        ['en', 'es'],
        ['en', 'fr'],
      ],
    });
    const other = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      translationEngines: [otherEngine],
    });
    await other.ready();
    try {
      const res = await translate(other);
      expect(res.statusCode).toBe(200);
      expect(otherEngine.calls).toHaveLength(0);
      expect(res.json<TranslateResponse>().results[0]!.translations[0]).toMatchObject({
        state: 'ready',
        // The polish opens a Spanish exclamation, also on a fake engine's output.
        text: '¡[es] Good morning, my friend!',
      });
      const status = await other.translation.status();
      expect(status.memory.storeHits).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('is what the service decorator uses too, for other features', async () => {
    const results = await t.app.translation.translate({ texts: ['See you at 10:30 😀'], from: 'en', to: ['fr', 'de'] });
    expect(results[0]!.translations).toEqual([
      expect.objectContaining({ to: 'fr', state: 'ready', engine: 'counting', text: '[fr] See you at 10:30 😀' }),
      expect.objectContaining({ to: 'de', state: 'unavailable', reason: 'no translation engine for en to de' }),
    ]);
  });

  it('serves a chat muse from what its draft preview translated: the preview costs the muse nothing', async () => {
    const writer = await newAccount(t.app, { language: 'en' });
    const reader = await newAccount(t.app, { language: 'es' });
    const chat = await newConversation(t.app, writer, { kind: 'direct', members: [reader.username] });
    const draft = `Shall we meet at the harbour ${Date.now()}?`;
    // The composer's preview, as the member types: POST /api/translate into the reader's language.
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/translate',
      headers: writer.headers,
      payload: { texts: [draft], to: ['es'], from: 'en' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const calls = engine.calls.length;

    const sent = await postMuse(t.app, writer, chat.id, draft, 'en');
    await t.app.muses.idle();
    expect(engine.calls).toHaveLength(calls);
    const read = await t.app.inject({ method: 'GET', url: `/api/muses/${sent.id}`, headers: reader.headers });
    expect(read.json<{ translation: { text: string } | null }>().translation?.text).toBe(
      preview.json<TranslateResponse>().results[0]!.translations[0]!.text,
    );
  });
});
