import { Worker } from 'node:worker_threads';
import { tidyRomanization } from './chinese';

type Answer = { id: number; romaji: string } | { id: number; error: string };

/**
 * kuromoji on a thread of its own (japanese-worker.mjs): its dictionary takes about two seconds to
 * build, in pieces that would each hold the event loop up to a quarter of a second, and every text
 * is analysed there too. Started on first use (the warm-up's); if it fails or stops, what waited
 * gets the error and the next call starts it again rather than remembering the failure.
 */
class JapaneseThread {
  private readonly worker = new Worker(new URL('./japanese-worker.mjs', import.meta.url));
  private readonly waiting = new Map<number, { resolve: (romaji: string) => void; reject: (error: Error) => void }>();
  private next = 0;

  constructor(onStop: () => void) {
    // An idle thread does not keep the process alive (tests, a shutdown).
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiter?.reject(new Error(`Japanese romanization failed: ${answer.error}`));
      else waiter?.resolve(answer.romaji);
    });
    const stop = (error: Error) => {
      onStop();
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', (error) => {
      stop(new Error(`Japanese romanization is unavailable: ${error.message}`));
    });
    this.worker.on('exit', (code) => {
      stop(new Error(`the Japanese romanization thread stopped (${code})`));
    });
  }

  romanize(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, text });
    });
  }
}

let thread: JapaneseThread | undefined;
function japaneseThread(): JapaneseThread {
  if (thread) return thread;
  const started = new JapaneseThread(() => {
    // An error is followed by an exit: only the thread that stopped is forgotten.
    if (thread === started) thread = undefined;
  });
  return (thread = started);
}

/** Modified Hepburn romaji, word by word: こんにちは -> konnichiwa, 東京に行きたい -> tōkyō ni iki tai. */
export async function romanizeJapanese(text: string): Promise<string> {
  return tidyRomanization(await japaneseThread().romanize(text));
}
