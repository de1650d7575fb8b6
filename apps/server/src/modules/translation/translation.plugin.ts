import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TranslationConfig } from '../../config';
import type { TranslationEngine } from './engines/engine';
import { createConfiguredEngines } from './engines/configured-engines';
import { createTranslationFlagsRepository } from './translation-flags.repository';
import { createTranslationFlags, type TranslationFlags } from './translation-flags.service';
import { createTranslationRepository, languagesInUse } from './translation.repository';
import { translationRoutes } from './translation.routes';
import { warmTransliteration } from './transliteration/transliterate';
import { createTranslationService, type TranslationService } from './translation.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Translation for every feature: `app.translation.translate({ texts, from, to: [...] })`. */
    translation: TranslationService;
    /** Readers' flags of bad translations: `app.translationFlags.flag(...)` once a module checked who may. */
    translationFlags: TranslationFlags;
  }
}

export interface TranslationPluginOptions {
  config: TranslationConfig;
  /** Engines to use instead of the configured ones (tests). */
  engines?: TranslationEngine[];
  /** Premium engines to use instead of the configured ones (tests). */
  premiumEngines?: TranslationEngine[];
  batchWindowMs?: number;
  /** POST /api/translate requests per address per window. */
  translateLimit: { max: number; timeWindow: number };
}

/** The translation service as a decorator; closing the app stops the engines (Apertium's pipelines). */
export const translationPlugin = fp(
  async (app: FastifyInstance, options: TranslationPluginOptions) => {
    const engines = options.engines ?? createConfiguredEngines(options.config.engines);
    // A premium engine also in TRANSLATION_ENGINES is the same engine (one Apertium, one breaker).
    const premiumEngines =
      options.premiumEngines ??
      options.config.premiumEngines.map(
        (config) => engines.find((engine) => engine.name === config.name) ?? createConfiguredEngines([config])[0]!,
      );
    const service = createTranslationService({
      engines,
      premiumEngines,
      store: createTranslationRepository(app.db),
      cacheSize: options.config.cacheSize,
      timeoutMs: options.config.timeoutMs,
      batchWindowMs: options.batchWindowMs,
      log: app.log,
      onEngineCall: app.metrics.translationCall,
    });
    app.decorate('translation', service);
    app.decorate(
      'translationFlags',
      createTranslationFlags({ repo: createTranslationFlagsRepository(app.db), translation: service }),
    );
    app.addHook('onClose', () => service.close());
    // No member's first muse waits for a dictionary or a pipeline to load.
    app.readiness.warm('transliteration', warmTransliteration);
    app.readiness.warm('translation', async () => service.warmUp(await languagesInUse(app.db)));
    await app.register(translationRoutes, { prefix: '/api', translateLimit: options.translateLimit });
  },
  { name: 'translation', dependencies: ['db', 'metrics', 'auth', 'health'] },
);
