// Translation quality of the local engine on a held-out chat sample (English to Spanish, human
// references): chrF of Apertium's raw output and of the same output after the translation
// module's polish (spaces, Spanish opening marks), with the lines the polish changed.
// Run: npx tsx bench/translation-quality.ts
import { apertiumInstalled } from '../apps/server/src/config';
import { CHAT_SAMPLE } from '../apps/server/src/modules/translation/chat-sample.fixture';
import { chrF } from '../apps/server/src/modules/translation/chrf';
import { createApertiumEngine } from '../apps/server/src/modules/translation/engines/apertium';
import { polishTranslation } from '../apps/server/src/modules/translation/output-polish';
import { normaliseText, splitProtected } from '../apps/server/src/modules/translation/protected-text';

const MODES_DIR = '/usr/share/apertium/modes';
if (!apertiumInstalled(MODES_DIR)) {
  console.error('apertium is not installed: apt-get install apertium apertium-eng-spa cg3');
  process.exit(1);
}
const engine = createApertiumEngine({ modesDir: MODES_DIR });
const sources = CHAT_SAMPLE.map(({ en }) => normaliseText(en));
const texts = sources.map((source) => splitProtected(source));
const rows = await engine.translate({ from: 'en', to: ['es'], texts }, new AbortController().signal);
await engine.close?.();
const raw = rows.map((row) => row[0] ?? '');
const polished = raw.map((text, i) => polishTranslation(text, { source: sources[i]!, from: 'en', to: 'es' }));
const references = CHAT_SAMPLE.map(({ es }) => es);
console.log(`Held-out chat sample: ${CHAT_SAMPLE.length} sentences, English to Spanish, Apertium`);
console.log(`  chrF raw:      ${chrF(raw, references).toFixed(2)}`);
console.log(`  chrF polished: ${chrF(polished, references).toFixed(2)}`);
const changed = raw.flatMap((text, i) => (text === polished[i] ? [] : [`    ${text}  ->  ${polished[i]}`]));
console.log(`  lines the polish changed: ${changed.length}`);
for (const line of changed.slice(0, 8)) console.log(line);
