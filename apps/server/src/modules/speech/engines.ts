import { z } from 'zod';
import type { SpeechConfig, SpeechEngineConfig } from '../../speech-config';
import { endpoint, requestBytes, requestJson } from '../translation';

/** Turns a recording into text: an OpenAI-compatible POST /v1/audio/transcriptions. */
export interface SpeechToText {
  transcribe(audio: { data: Buffer; mime: string }, language: string): Promise<string>;
}

/** Reads a text aloud: an OpenAI-compatible POST /v1/audio/speech. */
export interface TextToSpeech {
  synthesize(text: string, language: string): Promise<{ bytes: Buffer; contentType: string }>;
}

/** The address of one of the audio API's operations: `…/v1` given, or the host (then /v1 is added). */
export function audioEndpoint(base: string, operation: 'transcriptions' | 'speech'): string {
  const path = new URL(base).pathname.replace(/\/+$/, '');
  return endpoint(base, `${/\/v\d+$/.test(path) ? '' : 'v1/'}audio/${operation}`);
}

const FILE_EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

const headersOf = (config: SpeechEngineConfig): Record<string, string> =>
  config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};

const transcriptionAnswer = z.object({ text: z.string() });

/**
 * Speech to text through any server that speaks OpenAI's audio API (whisper.cpp's server,
 * faster-whisper/speaches, LocalAI, OpenAI): the recording as a multipart file, the model, the
 * sender's language as the hint, JSON back. A failure or a time-out throws (an EngineError or
 * the abort's reason); the audio is never logged.
 */
export function openAiSpeechToText(config: SpeechEngineConfig): SpeechToText {
  const url = audioEndpoint(config.url, 'transcriptions');
  return {
    async transcribe(audio, language) {
      const form = new FormData();
      form.append('model', config.model);
      // ISO 639-1: the engine's hint takes the base language (pt, not pt-BR).
      form.append('language', language.split('-')[0]!.toLowerCase());
      form.append('response_format', 'json');
      const extension = FILE_EXTENSIONS[audio.mime] ?? 'bin';
      form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.mime }), `recording.${extension}`);
      const answer = await requestJson(
        'speech-to-text',
        url,
        { body: form, headers: headersOf(config), signal: AbortSignal.timeout(config.timeoutMs) },
        transcriptionAnswer,
      );
      return answer.text.trim();
    },
  };
}

/** Text to speech through an OpenAI-compatible POST /v1/audio/speech: MP3 back. */
export function openAiTextToSpeech(config: SpeechEngineConfig & { voice: string }): TextToSpeech {
  const url = audioEndpoint(config.url, 'speech');
  return {
    async synthesize(text) {
      return requestBytes(
        'text-to-speech',
        url,
        {
          body: { model: config.model, input: text, voice: config.voice, response_format: 'mp3' },
          headers: headersOf(config),
          signal: AbortSignal.timeout(config.timeoutMs),
        },
        'audio/mpeg',
      );
    },
  };
}

/** The engines configured: none unless their URL is set (then no audio leaves the server). */
export function configuredSpeechEngines(config: Pick<SpeechConfig, 'stt' | 'tts'>): {
  stt: SpeechToText | undefined;
  tts: TextToSpeech | undefined;
} {
  return {
    stt: config.stt ? openAiSpeechToText(config.stt) : undefined,
    tts: config.tts ? openAiTextToSpeech(config.tts) : undefined,
  };
}
