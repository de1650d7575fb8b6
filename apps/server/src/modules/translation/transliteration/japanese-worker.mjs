// Japanese romanization's own thread (see japanese.ts): kuromoji builds its dictionary here (about
// two seconds of work in pieces up to a quarter of a second) and analyses each text here, so neither
// holds the server's event loop. Plain JavaScript: it runs as it is from src/ (tests, tsx) and from
// dist/ (the build copies it).
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// Both packages are CommonJS, one exporting a `default` and one the class itself.
const constructorOf = (module) => ('default' in module ? module.default : module);

const Kuroshiro = constructorOf(require('kuroshiro'));
const Analyzer = constructorOf(require('kuroshiro-analyzer-kuromoji'));
const converter = new Kuroshiro();

/** Set once the dictionary has loaded; a failed load ends the thread (the next call starts another). */
const ready = converter.init(new Analyzer());

parentPort.on('message', async ({ id, text }) => {
  try {
    await ready;
    const romaji = await converter.convert(text, { to: 'romaji', mode: 'spaced', romajiSystem: 'hepburn' });
    parentPort.postMessage({ id, romaji });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

// A dictionary that fails to load ends the thread (japanese.ts starts another on the next call).
ready.catch((error) => {
  throw error;
});
