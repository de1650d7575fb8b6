import { afterAll, describe, expect, it } from 'vitest';
import { apertiumInstalled } from '../../config';
import { CHAT_SAMPLE } from './chat-sample.fixture';
import { chrF } from './chrf';
import { createApertiumEngine } from './engines/apertium';
import { polishTranslation } from './output-polish';
import { normaliseText, splitProtected } from './protected-text';

const MODES_DIR = '/usr/share/apertium/modes';
const skipReason = apertiumInstalled(MODES_DIR) ? undefined : 'apertium is not installed';
if (skipReason) console.warn(`translation quality: skipped, ${skipReason}`);

describe.skipIf(skipReason)('the polish of engine output, scored on a held-out chat sample', () => {
  const engine = createApertiumEngine({ modesDir: MODES_DIR });
  afterAll(() => engine.close?.());

  it('scores higher in chrF than the raw Apertium output, English to Spanish', async () => {
    const sources = CHAT_SAMPLE.map(({ en }) => normaliseText(en));
    const texts = sources.map((source) => splitProtected(source));
    const rows = await engine.translate({ from: 'en', to: ['es'], texts }, new AbortController().signal);
    const raw = rows.map((row) => row[0] ?? '');
    const polished = raw.map((text, i) => polishTranslation(text, { source: sources[i]!, from: 'en', to: 'es' }));
    const references = CHAT_SAMPLE.map(({ es }) => es);
    const before = chrF(raw, references);
    const after = chrF(polished, references);
    expect(after).toBeGreaterThan(before);
  });
});
