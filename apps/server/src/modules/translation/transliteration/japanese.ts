import { createRequire } from 'node:module';
import { tidyRomanization } from './chinese';

interface Kuroshiro {
  init(analyzer: unknown): Promise<void>;
  convert(
    text: string,
    options: { to: 'romaji'; mode: 'spaced' | 'normal'; romajiSystem: 'hepburn' | 'nippon' | 'passport' },
  ): Promise<string>;
}

// Both packages are CommonJS without types, one exporting a `default` and one the class itself;
// require with the types declared here reads both the same way in source and in the bundle.
const require = createRequire(import.meta.url);

function constructorOf(module: unknown): new () => unknown {
  const exported = module as (new () => unknown) | { default: new () => unknown };
  return 'default' in exported ? exported.default : exported;
}

let ready: Promise<Kuroshiro> | undefined;

/** Loads kuromoji's dictionary (shipped in the package) once, on first use: about a second. */
function kuroshiro(): Promise<Kuroshiro> {
  ready ??= (async () => {
    const KuroshiroClass = constructorOf(require('kuroshiro'));
    const Analyzer = constructorOf(require('kuroshiro-analyzer-kuromoji'));
    const instance = new KuroshiroClass() as Kuroshiro;
    await instance.init(new Analyzer());
    return instance;
  })();
  // A failed load (a missing dictionary) is tried again next time rather than remembered.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** Modified Hepburn romaji, word by word: こんにちは -> konnichiwa, 東京に行きたい -> tōkyō ni iki tai. */
export async function romanizeJapanese(text: string): Promise<string> {
  const converter = await kuroshiro();
  const romaji = await converter.convert(text, { to: 'romaji', mode: 'spaced', romajiSystem: 'hepburn' });
  return tidyRomanization(romaji);
}
