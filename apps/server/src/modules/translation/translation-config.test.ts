import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apertiumInstalled, loadConfig } from '../../config';

const noModes = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-no-modes-'));
afterAll(() => {
  fs.rmSync(noModes, { recursive: true, force: true });
});
const translation = (env: Record<string, string>) => loadConfig(env).translation;

describe('translation configuration', () => {
  it('defaults to the local engine where it is installed, and to none where it is not', () => {
    const installed = apertiumInstalled('/usr/share/apertium/modes');
    expect(translation({}).engines.map((e) => e.name)).toEqual(installed ? ['apertium'] : []);
    expect(translation({ APERTIUM_MODES_DIR: noModes }).engines).toEqual([]);
    expect(translation({}).timeoutMs).toBe(3000);
  });

  it('keeps the order of TRANSLATION_ENGINES with each engine’s settings', () => {
    const config = translation({
      TRANSLATION_ENGINES: ' Azure, deepl ,google,libretranslate,apertium-apy,openai',
      AZURE_TRANSLATOR_KEY: 'az',
      AZURE_TRANSLATOR_REGION: 'westeurope',
      DEEPL_API_KEY: 'abc:fx',
      GOOGLE_TRANSLATE_API_KEY: 'g',
      LIBRETRANSLATE_URL: 'http://localhost:5000',
      APERTIUM_APY_URL: 'http://localhost:2737',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_LANGUAGES: 'en, es,fr',
      TRANSLATION_TIMEOUT_MS: '8000',
    });
    expect(config.timeoutMs).toBe(8000);
    expect(config.engines).toEqual([
      { name: 'azure', key: 'az', region: 'westeurope', endpoint: 'https://api.cognitive.microsofttranslator.com' },
      { name: 'deepl', key: 'abc:fx', url: 'https://api-free.deepl.com' },
      { name: 'google', key: 'g', url: 'https://translation.googleapis.com' },
      { name: 'libretranslate', url: 'http://localhost:5000', apiKey: undefined },
      { name: 'apertium-apy', url: 'http://localhost:2737' },
      {
        name: 'openai',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: undefined,
        model: 'llama3.1',
        languages: ['en', 'es', 'fr'],
      },
    ]);
    expect(translation({ TRANSLATION_ENGINES: 'deepl', DEEPL_API_KEY: 'paid' }).engines[0]).toMatchObject({
      url: 'https://api.deepl.com',
    });
  });

  it('turns translation off with none', () => {
    expect(translation({ TRANSLATION_ENGINES: 'none' }).engines).toEqual([]);
  });

  it('refuses to start with an unknown engine or a missing key, naming the variable', () => {
    expect(() => translation({ TRANSLATION_ENGINES: 'babelfish' })).toThrow(/unknown engine "babelfish"/);
    expect(() => translation({ TRANSLATION_ENGINES: 'azure,openai', OPENAI_BASE_URL: 'http://x' })).toThrow(
      /AZURE_TRANSLATOR_KEY: required[\s\S]*OPENAI_MODEL: required/,
    );
    expect(() => translation({ TRANSLATION_ENGINES: 'apertium', APERTIUM_MODES_DIR: noModes })).toThrow(
      /apertium is listed but/,
    );
    expect(() => translation({ TRANSLATION_TIMEOUT_MS: '0' })).toThrow(/TRANSLATION_TIMEOUT_MS/);
  });
});
