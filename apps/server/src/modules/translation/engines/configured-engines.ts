import type { TranslationEngineConfig } from '../../../config';
import { createApertiumEngine } from './apertium';
import { createApertiumApyEngine } from './apertium-apy';
import { createAzureEngine } from './azure';
import { createDeeplEngine } from './deepl';
import type { TranslationEngine } from './engine';
import { createGoogleEngine } from './google';
import { createLibreTranslateEngine } from './libretranslate';
import { createOpenAiEngine } from './openai';

/** The engines of TRANSLATION_ENGINES, in its order. */
export function createConfiguredEngines(configs: readonly TranslationEngineConfig[]): TranslationEngine[] {
  return configs.map((config) => {
    switch (config.name) {
      case 'apertium':
        return createApertiumEngine({ modesDir: config.modesDir });
      case 'apertium-apy':
        return createApertiumApyEngine({ url: config.url });
      case 'libretranslate':
        return createLibreTranslateEngine({ url: config.url, apiKey: config.apiKey });
      case 'azure':
        return createAzureEngine({ key: config.key, region: config.region, endpoint: config.endpoint });
      case 'deepl':
        return createDeeplEngine({ key: config.key, url: config.url });
      case 'google':
        return createGoogleEngine({ key: config.key, url: config.url });
      case 'openai':
        return createOpenAiEngine({
          baseUrl: config.baseUrl,
          apiKey: config.apiKey,
          model: config.model,
          languages: config.languages,
        });
    }
  });
}
