// What the chat composer's draft preview costs (issue 34): a member writing English types a
// 60-character sentence at 6 keystrokes a second in a group whose others read Spanish, French and
// German. A client here does what the web's preview does (features/draft-preview): at each pause
// of PREVIEW_DEBOUNCE_MS it asks POST /api/translate once per shown language (the first
// PREVIEW_SHOWN of previewLanguages, the same rule), then the first version back into English;
// a keystroke aborts what is on its way. Counted: translate requests, and the engine's calls and
// texts (the translation service's own counters). Runs, each on a fresh server with the local
// Apertium engine (German has no local engine: "unavailable", no call):
//   1. steady typing, memory cold, then the same sentence again with the memory warm;
//   2. a typist who stops 0.8 s after each word (a preview at every word), memory cold;
//   3. no debounce (every keystroke asks), memory cold, for comparison: what the pause saves.
// "refused" counts 429s (TOLK_LIMIT_TRANSLATE_PER_MINUTE; lifted for run 3).
// Run: npx tsx bench/draft-preview.ts
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import type { TranslateResponse } from '@tolk/shared/schemas/translation';
import { apertiumInstalled } from '../apps/server/src/config';
import {
  PREVIEW_DEBOUNCE_MS,
  PREVIEW_SHOWN,
  previewLanguages,
} from '../apps/web/src/features/draft-preview/preview-languages';
import { apiPost } from './api-post';
import { benchApp } from './bench-app';

if (!apertiumInstalled('/usr/share/apertium/modes')) {
  console.error('apertium is not installed: apt-get install apertium apertium-eng-spa apertium-fr-es');
  process.exit(1);
}

const SENTENCE = 'Shall we meet at the harbour before the train leaves at ten?';
const KEYSTROKE_MS = 1000 / 6;
const WORD_PAUSE_MS = 800;
const WRITER_LANGUAGE = 'en';

interface Counts {
  previews: number;
  requests: number;
  aborted: number;
  limited: number;
}

/** The web preview's requests for one member's composer, over HTTP. */
class PreviewClient {
  counts: Counts = { previews: 0, requests: 0, aborted: 0, limited: 0 };
  private inFlight = new Set<AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private asking: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly languages: string[],
    private readonly debounceMs: number,
  ) {}

  keystroke(draft: string): void {
    for (const controller of this.inFlight) controller.abort();
    clearTimeout(this.timer);
    if (this.debounceMs === 0) this.asking.push(this.preview(draft));
    else
      this.timer = setTimeout(() => {
        this.asking.push(this.preview(draft));
      }, this.debounceMs);
  }

  /** Waits for the last pause's preview to finish. */
  async settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.debounceMs + 10));
    await Promise.all(this.asking);
  }

  private async translate(text: string, from: string, to: string): Promise<TranslateResponse | undefined> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    this.counts.requests++;
    try {
      const res = await fetch(`${this.base}/api/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ texts: [text], from, to: [to] }),
        signal: controller.signal,
      });
      if (res.status === 429) {
        this.counts.limited++;
        return undefined;
      }
      if (!res.ok) throw new Error(`translate: ${res.status} ${await res.text()}`);
      return (await res.json()) as TranslateResponse;
    } catch (error) {
      if (controller.signal.aborted) {
        this.counts.aborted++;
        return undefined;
      }
      throw error;
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private async preview(draft: string): Promise<void> {
    const text = draft.trim();
    if (!text) return;
    this.counts.previews++;
    const shown = this.languages.slice(0, PREVIEW_SHOWN);
    const answers = await Promise.all(shown.map((to) => this.translate(text, WRITER_LANGUAGE, to)));
    const first = answers
      .map((answer) => answer?.results[0]?.translations[0])
      .find((version) => version?.state === 'ready' && version.text !== null);
    if (first?.text) await this.translate(first.text, first.to, WRITER_LANGUAGE);
  }
}

/** Keystroke times for the sentence: steady, or with a pause after each word. */
function keystrokes(pauseAfterWords: boolean): { at: number; draft: string }[] {
  let at = 0;
  return Array.from({ length: SENTENCE.length }, (_, index) => {
    at += KEYSTROKE_MS + (pauseAfterWords && SENTENCE[index] === ' ' ? WORD_PAUSE_MS : 0);
    return { at, draft: SENTENCE.slice(0, index + 1) };
  });
}

async function typeInto(client: PreviewClient, pattern: { at: number; draft: string }[]): Promise<void> {
  const start = performance.now();
  for (const { at, draft } of pattern) {
    const wait = start + at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    client.keystroke(draft);
  }
  await client.settle();
}

async function server(prefix: string, env: Record<string, string> = {}) {
  const bench = await benchApp(prefix, { env });
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
  const register = (language: string) =>
    apiPost<{ token: string; username: string }>(base, '/api/auth/register', {
      username: `p-${language}-${randomUUID().slice(0, 6)}`,
      password: 'Bench-password-1234',
      language,
    });
  const writer = await register(WRITER_LANGUAGE);
  const readers = [await register('es'), await register('fr'), await register('de')];
  const group = await apiPost<{ id: string }>(
    base,
    '/api/conversations',
    { kind: 'group', title: 'Harbour', members: readers.map((reader) => reader.username) },
    writer.token,
  );
  const res = await fetch(`${base}/api/conversations/${group.id}`, {
    headers: { authorization: `Bearer ${writer.token}` },
  });
  const conversation = (await res.json()) as Conversation;
  // The thread's rule: the other members' reading languages, minus the draft's.
  const languages = previewLanguages(
    conversation.members
      .filter((member) => member.username !== writer.username)
      .map((member) => ({ language: member.readingLanguage, readsWithout: member.readsWithout })),
    WRITER_LANGUAGE,
  );
  const engineFigures = () => {
    const engines = bench.app.translation.figures().engines;
    return {
      calls: engines.reduce((sum, engine) => sum + engine.calls, 0),
      texts: engines.reduce((sum, engine) => sum + engine.texts, 0),
    };
  };
  return { bench, base, writer, languages, engineFigures };
}

interface Row {
  run: string;
  memory: string;
  counts: Counts;
  calls: number;
  texts: number;
  ms: number;
}

async function measure(
  run: string,
  memory: string,
  target: Awaited<ReturnType<typeof server>>,
  debounceMs: number,
  pauseAfterWords: boolean,
): Promise<Row> {
  const client = new PreviewClient(target.base, target.writer.token, target.languages, debounceMs);
  const before = target.engineFigures();
  const started = performance.now();
  await typeInto(client, keystrokes(pauseAfterWords));
  const after = target.engineFigures();
  return {
    run,
    memory,
    counts: client.counts,
    calls: after.calls - before.calls,
    texts: after.texts - before.texts,
    ms: performance.now() - started,
  };
}

const rows: Row[] = [];
const steady = await server('bench_preview_steady');
const languages = steady.languages;
{
  const target = steady;
  rows.push(await measure('steady 6/s', 'cold', target, PREVIEW_DEBOUNCE_MS, false));
  rows.push(await measure('steady 6/s', 'warm', target, PREVIEW_DEBOUNCE_MS, false));
  await target.bench.close();
}
{
  const target = await server('bench_preview_words');
  rows.push(await measure(`6/s, ${WORD_PAUSE_MS} ms after words`, 'cold', target, PREVIEW_DEBOUNCE_MS, true));
  rows.push(await measure(`6/s, ${WORD_PAUSE_MS} ms after words`, 'warm', target, PREVIEW_DEBOUNCE_MS, true));
  await target.bench.close();
}
{
  // The rate limit would refuse most of these: lifted, to count what the engine would be asked.
  const target = await server('bench_preview_nodebounce', { TOLK_LIMIT_TRANSLATE_PER_MINUTE: '100000' });
  rows.push(await measure('steady 6/s, no debounce', 'cold', target, 0, false));
  await target.bench.close();
}

console.log(
  `Draft preview: "${SENTENCE}" (${SENTENCE.length} keystrokes), writer ${WRITER_LANGUAGE}, group reads ${languages.join(', ')};` +
    ` shown ${languages.slice(0, PREVIEW_SHOWN).join(', ')} (+${Math.max(0, languages.length - PREVIEW_SHOWN)}), debounce ${PREVIEW_DEBOUNCE_MS} ms`,
);
console.table(
  rows.map((row) => ({
    typing: row.run,
    memory: row.memory,
    'typing s': (row.ms / 1000).toFixed(1),
    previews: row.counts.previews,
    'translate requests': row.counts.requests,
    aborted: row.counts.aborted,
    refused: row.counts.limited,
    'engine calls': row.calls,
    'engine texts': row.texts,
    'engine calls / keystroke': (row.calls / SENTENCE.length).toFixed(2),
  })),
);
