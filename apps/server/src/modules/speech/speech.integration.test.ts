import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import type { SpeechStatus, VoiceClip } from '@tolk/shared/schemas/speech';
import { VOICE_MAX_BYTES } from '@tolk/shared/limits';
import { testApp, type TestApp } from '../../test/build-app';
import { expectNotFound, newAccount, newConversation, newTenantAccount, type Member } from '../../test/factories';
import { speechEngineStandIn, STAND_IN_MP3, type SpeechEngineStandIn } from '../../test/speech-engine';

/** A WAV of `ms` milliseconds of silence (16 kHz, mono, 16-bit): real audio as far as any server can tell. */
function wav(ms: number): Buffer {
  const samples = Math.round(16 * ms);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

/** A browser's multipart body: text fields, then the recording as the file field "audio". */
function form(fields: Record<string, string>, audio: Buffer | null, type = 'audio/wav') {
  const boundary = `----tolk-voice-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (audio) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="voice.wav"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      audio,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let engine: SpeechEngineStandIn;
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  engine = await speechEngineStandIn((request) =>
    request.fields.language === 'es' ? 'Hola, esto es una musa de voz.' : 'Hello, this is a voice muse for you.',
  );
  const base = (await import('../../test/build-app')).testConfig();
  [t, bare] = await Promise.all([
    testApp({
      config: {
        speech: {
          ...base.speech,
          stt: { url: engine.url, apiKey: undefined, model: 'whisper-1', timeoutMs: 2000 },
          tts: { url: engine.url, apiKey: undefined, model: 'tts-1', voice: 'alloy', timeoutMs: 2000 },
          recordingsPerDay: 5,
        },
      },
    }),
    // No engine configured: nothing may ever reach one.
    testApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await engine.close();
});

const upload = (app: TestApp, who: Member, url: string, fields: Record<string, string>, audio: Buffer | null) => {
  const { payload, contentType } = form(fields, audio);
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
};
const send = (app: TestApp, who: Member, conversationId: string, body: object) =>
  app.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/muses`,
    headers: who.headers,
    payload: { clientId: randomUUID(), ...body },
  });
const play = (app: TestApp, who: Member, url: string, range?: string) =>
  app.app.inject({ method: 'GET', url, headers: { ...who.headers, ...(range ? { range } : {}) } });

describe('voice muses', () => {
  it('are recorded, transcribed in the sender’s language, sent, translated for each reader, and played by members only', async () => {
    const [ana, ben, eve] = await Promise.all([
      newAccount(t.app, { language: 'en', displayName: 'Ana' }),
      newAccount(t.app, { language: 'es', displayName: 'Ben' }),
      newAccount(t.app, { language: 'en', displayName: 'Eve' }),
    ]);
    const chat = await newConversation(t.app, ana, { kind: 'group', members: [ben.username] });
    const audio = wav(1500);

    const stored = await upload(t, ana, '/api/voice', { durationMs: '1500' }, audio);
    expect(stored.statusCode, stored.body).toBe(201);
    const clip = stored.json<VoiceClip>();
    expect(clip).toMatchObject({
      durationMs: 1500,
      transcript: 'Hello, this is a voice muse for you.',
      language: 'en',
    });
    expect(engine.requests.at(-1)).toMatchObject({ fields: { language: 'en', model: 'whisper-1' } });
    // Before it is sent, only its sender plays it.
    expect((await play(t, ana, `/api/voice/${clip.id}`)).statusCode).toBe(200);
    expectNotFound(await play(t, ben, `/api/voice/${clip.id}`));

    const sent = await send(t, ana, chat.id, { text: clip.transcript, voiceId: clip.id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Muse>().voice).toEqual({ id: clip.id, url: `/api/voice/${clip.id}`, durationMs: 1500 });
    // Sent once: a second muse cannot carry it.
    expectNotFound(await send(t, ana, chat.id, { text: 'again', voiceId: clip.id }));

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${chat.id}/muses`,
      headers: ben.headers,
    });
    const [muse] = page.json<MusesPage>().muses;
    expect(muse!.voice?.durationMs).toBe(1500);
    expect(muse!.translation?.to).toBe('es');

    const played = await play(t, ben, muse!.voice!.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.rawPayload.equals(audio)).toBe(true);
    const part = await play(t, ben, muse!.voice!.url, 'bytes=0-43');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${audio.length}`);
    expect(part.rawPayload.length).toBe(44);

    // Not a member, another tenant: 404.
    expectNotFound(await play(t, eve, muse!.voice!.url));
    const stranger = await newTenantAccount(t.app, `voice-${randomUUID().slice(0, 8)}`);
    expectNotFound(await play(t, stranger, muse!.voice!.url));
    // A member who left: 404.
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${chat.id}/members/${ben.username}`,
      headers: ben.headers,
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    expectNotFound(await play(t, ben, muse!.voice!.url));

    // Removed with the muse.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/muses/${muse!.id}`, headers: ana.headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expectNotFound(await play(t, ana, muse!.voice!.url));
  });

  it('still send when the engine fails or takes too long: no transcript, and it plays', async () => {
    const [ana, ben] = await Promise.all([newAccount(t.app), newAccount(t.app, { language: 'es' })]);
    const chat = await newConversation(t.app, ana, { kind: 'direct', members: [ben.username] });
    engine.failures.push('500', 'hang');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const stored = await upload(t, ana, '/api/voice', { durationMs: '900' }, wav(900));
      expect(stored.statusCode, stored.body).toBe(201);
      const clip = stored.json<VoiceClip>();
      expect(clip.transcript).toBeNull();
      const sent = await send(t, ana, chat.id, { text: '', voiceId: clip.id });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json<Muse>()).toMatchObject({ text: '', voice: { durationMs: 900 } });
      expect((await play(t, ben, `/api/voice/${clip.id}`)).statusCode).toBe(200);
    }
  });

  it('refuse what is not the sender’s own recording, what is not audio, too large or too long, and past the daily limit', async () => {
    const [ana, ben] = await Promise.all([newAccount(t.app), newAccount(t.app)]);
    const chat = await newConversation(t.app, ana, { kind: 'direct', members: [ben.username] });
    const bens = (await upload(t, ben, '/api/voice', { durationMs: '500' }, wav(500))).json<VoiceClip>();
    expectNotFound(await send(t, ana, chat.id, { text: 'mine?', voiceId: bens.id }));
    expectNotFound(await send(t, ana, chat.id, { text: 'nothing', voiceId: randomUUID() }));

    const html = await upload(
      t,
      ana,
      '/api/voice',
      { durationMs: '500' },
      Buffer.from('<html>not audio at all</html>'),
    );
    expect(html.statusCode).toBe(415);
    const big = await upload(t, ana, '/api/voice', { durationMs: '500' }, wav(VOICE_MAX_BYTES / 32 + 100));
    expect(big.statusCode).toBe(413);
    const long = await upload(t, ana, '/api/voice', { durationMs: String(121_000) }, wav(500));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: { fields: Record<string, string[]> } }>().error.fields.durationMs).toBeDefined();
    const none = await upload(t, ana, '/api/voice', { durationMs: '500' }, null);
    expect(none.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/voice',
      headers: { ...ana.headers, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);

    // Five recordings a day in this app: Ana has made none that counted yet (the refused ones
    // were refused before they were counted, except none); the sixth is refused with Retry-After.
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await upload(t, ana, '/api/voice', { durationMs: '300' }, wav(300))).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await upload(t, ana, '/api/speech/transcriptions', {}, wav(300));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('speech', () => {
  it('transcribes a recording in the language asked, and reads a text aloud', async () => {
    const ana = await newAccount(t.app, { language: 'en' });
    const status = await t.app.inject({ method: 'GET', url: '/api/speech', headers: ana.headers });
    expect(status.json<SpeechStatus>()).toEqual({ transcribe: true, synthesize: true });
    const heard = await upload(t, ana, '/api/speech/transcriptions', { language: 'es' }, wav(700));
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json()).toEqual({ text: 'Hola, esto es una musa de voz.', language: 'es' });

    const spoken = await t.app.inject({
      method: 'POST',
      url: '/api/speech/synthesis',
      headers: ana.headers,
      payload: { text: 'Hola', language: 'es' },
    });
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers['content-type']).toBe('audio/mpeg');
    expect(spoken.rawPayload.equals(STAND_IN_MP3)).toBe(true);
    engine.failures.push('500');
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/speech/synthesis',
      headers: ana.headers,
      payload: { text: 'Hola', language: 'es' },
    });
    expect(failed.statusCode).toBe(503);
  });

  it('without an engine configured: says so, sends no audio anywhere, and voice muses still send and play', async () => {
    const before = engine.requests.length;
    const [ana, ben] = await Promise.all([newAccount(bare.app), newAccount(bare.app, { language: 'es' })]);
    const status = await bare.app.inject({ method: 'GET', url: '/api/speech', headers: ana.headers });
    expect(status.json<SpeechStatus>()).toEqual({ transcribe: false, synthesize: false });
    const heard = await upload(bare, ana, '/api/speech/transcriptions', {}, wav(700));
    expect(heard.statusCode).toBe(404);
    expect(heard.json<{ error: { message: string } }>().error.message).toMatch(/no speech-to-text engine/);
    const spoken = await bare.app.inject({
      method: 'POST',
      url: '/api/speech/synthesis',
      headers: ana.headers,
      payload: { text: 'Hello', language: 'en' },
    });
    expect(spoken.statusCode).toBe(404);

    const chat = await newConversation(bare.app, ana, { kind: 'direct', members: [ben.username] });
    const clip = (await upload(bare, ana, '/api/voice', { durationMs: '800' }, wav(800))).json<VoiceClip>();
    expect(clip.transcript).toBeNull();
    const sent = await send(bare, ana, chat.id, { text: '', voiceId: clip.id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await play(bare, ben, `/api/voice/${clip.id}`)).statusCode).toBe(200);
    expect(engine.requests.length).toBe(before);
  });

  it('needs a member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/speech' })).statusCode).toBe(401);
    const { payload, contentType } = form({ durationMs: '300' }, wav(300));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/voice',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
