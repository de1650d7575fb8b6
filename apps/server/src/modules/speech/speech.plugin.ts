import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SpeechConfig } from '../../speech-config';
import type { WindowCounter } from '../../plugins/window-counter';
import { configuredSpeechEngines, type SpeechToText, type TextToSpeech } from './engines';
import { speechRoutes } from './speech.routes';
import { createVoiceRepository } from './voice.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Voice muses' recordings, as the muses module attaches and removes them. */
    speech: {
      /** The sender's own recording not yet sent (their tenant): its length, else undefined. */
      sendable(
        voiceId: string,
        owner: { accountId: string; tenantId: string },
      ): Promise<{ durationMs: number } | undefined>;
      /** Removes a recording, its bytes first (a muse deleted). */
      remove(voiceId: string): Promise<void>;
    };
  }
}

export interface SpeechPluginOptions {
  config: Pick<SpeechConfig, 'stt' | 'tts' | 'recordingsPerDay' | 'synthesesPerDay'>;
  /** Counts the daily limits (in Redis with several instances). */
  counter: WindowCounter;
  /** Engines made elsewhere (tests); by default those the configuration names. */
  engines?: { stt?: SpeechToText | undefined; tts?: TextToSpeech | undefined };
  /** How long a recording may wait unsent before it is swept away with its bytes. */
  unsentTtlMs?: number;
}

const HOUR_MS = 60 * 60_000;

/** Speech to text, text to speech and voice muses' recordings, through OpenAI-compatible engines. */
export const speechPlugin = fp(
  async (app: FastifyInstance, options: SpeechPluginOptions) => {
    const repo = createVoiceRepository(app.db);
    const storage = app.uploads.storage;
    const configured = configuredSpeechEngines(options.config);
    const engines = {
      stt: options.engines && 'stt' in options.engines ? options.engines.stt : configured.stt,
      tts: options.engines && 'tts' in options.engines ? options.engines.tts : configured.tts,
    };

    async function remove(voiceId: string) {
      const key = await repo.remove(voiceId);
      if (key) await storage.delete(key);
    }

    // Recordings made and never sent go after a day, bytes and all.
    const ttl = options.unsentTtlMs ?? 24 * HOUR_MS;
    const sweep = setInterval(() => {
      void (async () => {
        for (const clip of await repo.unsentBefore(new Date(Date.now() - ttl))) await remove(clip.id);
      })().catch((error: unknown) => {
        app.log.warn({ err: error }, 'sweeping unsent recordings failed');
      });
    }, HOUR_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
    });

    app.decorate('speech', { sendable: (voiceId, owner) => repo.sendable(voiceId, owner), remove });
    await app.register(speechRoutes, {
      prefix: '/api',
      repo,
      storage,
      engines,
      limits: {
        recordingsPerDay: options.config.recordingsPerDay,
        synthesesPerDay: options.config.synthesesPerDay,
        counter: options.counter,
      },
    });
  },
  { name: 'speech', dependencies: ['db', 'auth', 'uploads'], decorators: { fastify: ['uploads'] } },
);
