import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { speechEngineStandIn, STAND_IN_MP3, type SpeechEngineStandIn } from '../../test/speech-engine';
import { audioEndpoint, openAiSpeechToText, openAiTextToSpeech } from './engines';

let engine: SpeechEngineStandIn;
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 7)]);

beforeAll(async () => {
  engine = await speechEngineStandIn((request) => `heard ${request.file?.bytes.length ?? 0} bytes`, {
    apiKey: 'sk-test',
  });
});
afterEach(() => {
  engine.requests.length = 0;
  engine.failures.length = 0;
});
afterAll(() => engine.close());

const stt = (overrides: { apiKey?: string; timeoutMs?: number; url?: string } = {}) =>
  openAiSpeechToText({
    url: overrides.url ?? `${engine.url}/v1`,
    apiKey: 'apiKey' in overrides ? overrides.apiKey : 'sk-test',
    model: 'whisper-1',
    timeoutMs: overrides.timeoutMs ?? 5000,
  });

describe('the OpenAI-compatible speech-to-text adapter', () => {
  it('uploads the recording as multipart with the model, the language hint and JSON asked for', async () => {
    await expect(stt().transcribe({ data: WEBM, mime: 'audio/webm' }, 'pt-BR')).resolves.toBe('heard 64 bytes');
    const [request] = engine.requests;
    expect(request).toMatchObject({
      path: '/v1/audio/transcriptions',
      fields: { model: 'whisper-1', language: 'pt', response_format: 'json' },
      file: { name: 'recording.webm', type: 'audio/webm' },
    });
    expect(request!.file!.bytes.equals(WEBM)).toBe(true);
    expect(request!.headers.authorization).toBe('Bearer sk-test');
  });

  it('finds /v1 when the address is the host alone', async () => {
    expect(audioEndpoint('http://127.0.0.1:8080', 'transcriptions')).toBe(
      'http://127.0.0.1:8080/v1/audio/transcriptions',
    );
    expect(audioEndpoint('https://api.openai.com/v1/', 'speech')).toBe('https://api.openai.com/v1/audio/speech');
    await expect(stt({ url: engine.url }).transcribe({ data: WEBM, mime: 'audio/webm' }, 'en')).resolves.toBe(
      'heard 64 bytes',
    );
  });

  it('fails plainly on a wrong key, an engine error, an answer that is not JSON, and a time-out', async () => {
    await expect(stt({ apiKey: 'wrong' }).transcribe({ data: WEBM, mime: 'audio/webm' }, 'en')).rejects.toThrow(
      /speech-to-text answered 401: Incorrect API key/,
    );
    engine.failures.push('500', 'not-json', 'hang');
    await expect(stt().transcribe({ data: WEBM, mime: 'audio/webm' }, 'en')).rejects.toThrow(/answered 500/);
    await expect(stt().transcribe({ data: WEBM, mime: 'audio/webm' }, 'en')).rejects.toThrow(/other than JSON/);
    await expect(stt({ timeoutMs: 1000 }).transcribe({ data: WEBM, mime: 'audio/webm' }, 'en')).rejects.toThrow(
      /timeout|aborted/i,
    );
  });
});

describe('the OpenAI-compatible text-to-speech adapter', () => {
  const tts = () =>
    openAiTextToSpeech({ url: engine.url, apiKey: 'sk-test', model: 'tts-1', voice: 'alloy', timeoutMs: 5000 });

  it('asks for MP3 of the text in the configured voice and answers the bytes', async () => {
    const { bytes, contentType } = await tts().synthesize('Hola, ¿qué tal?', 'es');
    expect(contentType).toBe('audio/mpeg');
    expect(bytes.equals(STAND_IN_MP3)).toBe(true);
    expect(engine.requests[0]).toMatchObject({
      path: '/v1/audio/speech',
      json: { model: 'tts-1', input: 'Hola, ¿qué tal?', voice: 'alloy', response_format: 'mp3' },
    });
  });

  it('fails plainly on an engine error', async () => {
    engine.failures.push('500');
    await expect(tts().synthesize('Hello', 'en')).rejects.toThrow(/text-to-speech answered 500/);
  });
});
