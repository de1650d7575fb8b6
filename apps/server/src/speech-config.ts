import { z } from 'zod';

const engineUrl = z.url({
  protocol: /^https?$/,
  error: "the engine's http(s) address, such as http://127.0.0.1:8080 or https://api.openai.com/v1",
});

/** The speech engines' settings (README: speech and voice), read with the rest of the environment in config.ts. */
export const speechEnvironment = {
  TOLK_STT_URL: engineUrl.optional(),
  TOLK_STT_API_KEY: z.string().optional(),
  TOLK_STT_MODEL: z.string().min(1).default('whisper-1'),
  TOLK_STT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  TOLK_TTS_URL: engineUrl.optional(),
  TOLK_TTS_API_KEY: z.string().optional(),
  TOLK_TTS_MODEL: z.string().min(1).default('tts-1'),
  TOLK_TTS_VOICE: z.string().min(1).default('alloy'),
  TOLK_TTS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  TOLK_LIMIT_RECORDINGS_PER_DAY: z.coerce.number().int().min(1).default(100),
  TOLK_LIMIT_SYNTHESES_PER_DAY: z.coerce.number().int().min(1).default(300),
};

/** An OpenAI-compatible audio engine: its base address (…/v1 or the host), key, model and time-out. */
export interface SpeechEngineConfig {
  url: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface SpeechConfig {
  /** Speech to text; undefined: none, and no recording is ever sent anywhere. */
  stt: SpeechEngineConfig | undefined;
  /** Text to speech; undefined: devices read with their own voices only. */
  tts: (SpeechEngineConfig & { voice: string }) | undefined;
  /** Transcriptions and voice muses per member per day. */
  recordingsPerDay: number;
  /** Read-alouds by the server's engine per member per day. */
  synthesesPerDay: number;
}

type SpeechEnvironment = z.infer<z.ZodObject<typeof speechEnvironment>>;

export function speechConfig(e: SpeechEnvironment): SpeechConfig {
  return {
    stt: e.TOLK_STT_URL
      ? { url: e.TOLK_STT_URL, apiKey: e.TOLK_STT_API_KEY, model: e.TOLK_STT_MODEL, timeoutMs: e.TOLK_STT_TIMEOUT_MS }
      : undefined,
    tts: e.TOLK_TTS_URL
      ? {
          url: e.TOLK_TTS_URL,
          apiKey: e.TOLK_TTS_API_KEY,
          model: e.TOLK_TTS_MODEL,
          voice: e.TOLK_TTS_VOICE,
          timeoutMs: e.TOLK_TTS_TIMEOUT_MS,
        }
      : undefined,
    recordingsPerDay: e.TOLK_LIMIT_RECORDINGS_PER_DAY,
    synthesesPerDay: e.TOLK_LIMIT_SYNTHESES_PER_DAY,
  };
}
