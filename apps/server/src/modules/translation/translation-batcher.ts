import type { FastifyBaseLogger } from 'fastify';
import type { EngineRunner } from './engine-runner';
import { callChars, EngineError } from './engines/engine';
import type { TextPart } from './protected-text';
import type { TranslationMemory } from './translation-memory';
import type { RememberedTranslation } from './translation.repository';

export type TranslationLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface TextToTranslate {
  /** Normalised (normaliseText). */
  text: string;
  parts: TextPart[];
  hash: string;
  to: string;
}

interface Waiting extends TextToTranslate {
  resolve(text: string): void;
  reject(error: unknown): void;
}

/** One distinct text in a flush, with everyone waiting for it per target language. */
interface DistinctText {
  text: string;
  parts: TextPart[];
  hash: string;
  /** Characters as the engine sends them, markup included. */
  sent: number;
  waiting: Map<string, Waiting[]>;
}

/**
 * Gathers the texts that reach one engine for one source language within a few milliseconds
 * (the texts of one request, and of requests that arrive together) and sends them in as few
 * calls as the engine's limits allow: the SQL memory is asked once for all of them, identical
 * texts go once, and texts wanting the same targets share a call.
 */
export class TranslationBatcher {
  private pending: Waiting[] = [];
  private readonly pendingTexts = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly work = new Set<Promise<void>>();

  constructor(
    private readonly runner: EngineRunner,
    private readonly memory: TranslationMemory,
    readonly from: string,
    private readonly windowMs: number,
    private readonly log: TranslationLog | undefined,
  ) {}

  translate(item: TextToTranslate): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      // A full call's worth of distinct texts waiting: no point holding them for the window. The
      // count is of texts, not of (text, target) items, or an engine that takes several targets
      // per call would be sent a few texts at a time.
      if (!this.pendingTexts.has(item.hash) && this.pendingTexts.size >= this.runner.engine.limits.maxTexts) {
        this.flush();
      }
      this.pending.push({ ...item, resolve, reject });
      this.pendingTexts.add(item.hash);
      this.timer ??= setTimeout(() => {
        this.flush();
      }, this.windowMs);
    });
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending.splice(0);
    this.pendingTexts.clear();
    if (!items.length) return;
    const done = this.process(items).catch((error: unknown) => {
      for (const item of items) item.reject(error);
    });
    this.work.add(done);
    void done.finally(() => {
      this.work.delete(done);
    });
  }

  /** Answers everything still waiting with `error`, after the calls in flight settle. */
  async close(error: EngineError): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pendingTexts.clear();
    for (const item of this.pending.splice(0)) item.reject(error);
    await Promise.allSettled([...this.work]);
  }

  private async process(items: Waiting[]): Promise<void> {
    const engine = this.runner.name;
    let recalled = new Map<string, string>();
    try {
      recalled = await this.memory.recall(engine, this.from, items);
    } catch (error) {
      this.log?.warn({ err: error }, 'translation memory lookup failed; translating anew');
    }
    const distinct = new Map<string, DistinctText>();
    for (const item of items) {
      const remembered = recalled.get(`${item.to}\u0000${item.hash}`);
      if (remembered !== undefined) {
        item.resolve(remembered);
        continue;
      }
      let entry = distinct.get(item.hash);
      if (!entry) {
        const sent = this.runner.engine.sentLength?.(item.parts) ?? item.text.length;
        entry = { text: item.text, parts: item.parts, hash: item.hash, sent, waiting: new Map() };
        distinct.set(item.hash, entry);
      }
      const forTarget = entry.waiting.get(item.to) ?? [];
      forTarget.push(item);
      entry.waiting.set(item.to, forTarget);
    }

    // Texts wanting the same set of targets can share calls (Azure and LLMs take several at once).
    const groups = new Map<string, { targets: string[]; texts: DistinctText[] }>();
    for (const entry of distinct.values()) {
      const targets = [...entry.waiting.keys()].sort();
      const signature = targets.join(',');
      const group = groups.get(signature) ?? { targets, texts: [] };
      group.texts.push(entry);
      groups.set(signature, group);
    }

    const limits = this.runner.engine.limits;
    const calls: Promise<void>[] = [];
    for (const group of groups.values()) {
      // Where every target counts the characters again, fewer targets per call make room for
      // the longest text: each text must fit a call on its own.
      const longest = Math.max(1, ...group.texts.map((entry) => entry.sent));
      const targetsPerCall = limits.charsPerTarget
        ? Math.max(1, Math.min(limits.maxTargets, Math.floor(limits.maxChars / longest)))
        : limits.maxTargets;
      for (let t = 0; t < group.targets.length; t += targetsPerCall) {
        const targets = group.targets.slice(t, t + targetsPerCall);
        let chunk: DistinctText[] = [];
        let chars = 0;
        for (const entry of group.texts) {
          const full = chunk.length >= limits.maxTexts;
          const tooLong = callChars(limits, chars + entry.sent, targets.length) > limits.maxChars;
          if (chunk.length && (full || tooLong)) {
            calls.push(this.call(chunk, targets));
            chunk = [];
            chars = 0;
          }
          chunk.push(entry);
          chars += entry.sent;
        }
        if (chunk.length) calls.push(this.call(chunk, targets));
      }
    }
    await Promise.all(calls);
  }

  private async call(texts: DistinctText[], targets: string[]): Promise<void> {
    const waitingFor = (entry: DistinctText, to: string) => entry.waiting.get(to) ?? [];
    let result: (string | null)[][];
    try {
      result = await this.runner.run(texts.length, (signal) =>
        this.runner.engine.translate(
          { from: this.from, to: targets, texts: texts.map((entry) => entry.parts) },
          signal,
        ),
      );
      if (result.length !== texts.length || result.some((row) => row.length !== targets.length)) {
        throw new EngineError(this.runner.name, `${this.runner.name} answered a different number of texts`, {
          retryable: false,
        });
      }
    } catch (error) {
      for (const entry of texts) for (const to of targets) for (const item of waitingFor(entry, to)) item.reject(error);
      return;
    }

    const made: RememberedTranslation[] = [];
    const answers: Array<{ items: Waiting[]; text?: string; error?: unknown }> = [];
    await Promise.all(
      texts.flatMap((entry, i) =>
        targets.map(async (to, j) => {
          const items = waitingFor(entry, to);
          try {
            const text = result[i]?.[j] ?? (await this.piecewise(entry.parts, to));
            made.push({ targetLanguage: to, sourceHash: entry.hash, translatedText: text });
            answers.push({ items, text });
          } catch (error) {
            answers.push({ items, error });
          }
        }),
      ),
    );
    try {
      await this.memory.remember(this.runner.name, this.from, made);
    } catch (error) {
      this.log?.warn({ err: error }, 'translation memory save failed');
    }
    for (const answer of answers) {
      for (const item of answer.items) {
        if (answer.text !== undefined) item.resolve(answer.text);
        else item.reject(answer.error);
      }
    }
  }

  /**
   * For a text whose placeholders the engine lost: each run of words between protected parts is
   * translated on its own and the protected parts are put back between them. Worse sentences,
   * but every URL, name and number exactly as written.
   */
  private async piecewise(parts: TextPart[], to: string): Promise<string> {
    const runs = parts.filter((part) => part.kind === 'text' && /\p{L}/u.test(part.value));
    const result = await this.runner.run(runs.length, (signal) =>
      this.runner.engine.translate(
        { from: this.from, to: [to], texts: runs.map((part) => [{ kind: 'text', value: part.value.trim() }]) },
        signal,
      ),
    );
    let run = 0;
    return parts
      .map((part) => {
        if (part.kind === 'protected' || !/\p{L}/u.test(part.value)) return part.value;
        const translated = result[run++]?.[0];
        if (translated === null || translated === undefined) {
          throw new EngineError(
            this.runner.name,
            `${this.runner.name} did not keep the text's links and names intact`,
            {
              retryable: false,
            },
          );
        }
        const lead = /^\s*/.exec(part.value)?.[0] ?? '';
        const trail = /\s*$/.exec(part.value)?.[0] ?? '';
        return `${lead}${translated.trim()}${trail}`;
      })
      .join('');
  }
}
