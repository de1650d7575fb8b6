import { isTranslationLanguage } from '@tolk/shared/languages';
import type { EngineRunner } from './engine-runner';
import type { TranslationLog } from './translation-batcher';

export interface Route {
  runner: EngineRunner;
  /** The language translated through, when the engine has no direct pair. */
  pivot: string | null;
}

interface PairList {
  pairs: Set<string>;
  loadedAt: number | undefined;
  failedAt: number | undefined;
  error: string | undefined;
  loading: Promise<void> | undefined;
}

export interface RouterOptions {
  /** Bound on asking an engine for its languages. */
  timeoutMs: number;
  /** How long a language list is trusted before it is fetched again (in the background). */
  refreshMs?: number;
  /** How soon a failed language list is asked for again. */
  retryMs?: number;
  now?: () => number;
  log?: TranslationLog;
}

const pairKey = (from: string, to: string) => `${from}>${to}`;

/**
 * Which engine translates which pair: per pair, the first configured engine that supports it,
 * directly or through one of its pivot languages. Engines whose breaker is open go to the back
 * of the line, so a failing first choice does not hide a working second.
 */
export class TranslationRouter {
  private readonly lists = new Map<EngineRunner, PairList>();
  private readonly refreshMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly runners: readonly EngineRunner[],
    private readonly options: RouterOptions,
  ) {
    this.refreshMs = options.refreshMs ?? 60 * 60_000;
    this.retryMs = options.retryMs ?? 60_000;
    this.now = options.now ?? Date.now;
    for (const runner of runners) {
      this.lists.set(runner, {
        pairs: new Set(),
        loadedAt: undefined,
        failedAt: undefined,
        error: undefined,
        loading: undefined,
      });
    }
  }

  /** Makes sure every engine's language list has been asked for; never throws. */
  async ready(): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const [runner, list] of this.lists) {
      const now = this.now();
      const stale = list.loadedAt === undefined || now - list.loadedAt > this.refreshMs;
      const mayRetry = list.failedAt === undefined || now - list.failedAt > this.retryMs;
      if (!list.loading && stale && mayRetry) list.loading = this.load(runner, list);
      // A stale list keeps serving while the fresh one loads; only a missing one is waited for.
      if (list.loading && list.loadedAt === undefined) waits.push(list.loading);
    }
    await Promise.all(waits);
  }

  private async load(runner: EngineRunner, list: PairList): Promise<void> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const pairs = await runner.engine.languagePairs(signal);
      list.pairs = new Set(
        pairs
          .filter((pair) => isTranslationLanguage(pair.from) && isTranslationLanguage(pair.to) && pair.from !== pair.to)
          .map((pair) => pairKey(pair.from, pair.to)),
      );
      list.loadedAt = this.now();
      list.failedAt = undefined;
      list.error = undefined;
    } catch (error) {
      list.failedAt = this.now();
      list.error = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ err: error, engine: runner.name }, 'could not list the engine languages');
    } finally {
      list.loading = undefined;
    }
  }

  supports(runner: EngineRunner, from: string, to: string): boolean {
    return this.lists.get(runner)?.pairs.has(pairKey(from, to)) ?? false;
  }

  routes(from: string, to: string): Route[] {
    const routes: Route[] = [];
    for (const runner of this.runners) {
      if (this.supports(runner, from, to)) {
        routes.push({ runner, pivot: null });
        continue;
      }
      const pivot = runner.engine.pivots.find(
        (via) => via !== from && via !== to && this.supports(runner, from, via) && this.supports(runner, via, to),
      );
      if (pivot) routes.push({ runner, pivot });
    }
    return [...routes.filter((route) => route.runner.available), ...routes.filter((route) => !route.runner.available)];
  }

  /** Every language some engine translates from or into. */
  languages(): Set<string> {
    const languages = new Set<string>();
    for (const list of this.lists.values()) {
      for (const key of list.pairs) for (const code of key.split('>')) languages.add(code);
    }
    return languages;
  }

  pairCount(runner: EngineRunner): number {
    return this.lists.get(runner)?.pairs.size ?? 0;
  }

  listError(runner: EngineRunner): string | undefined {
    return this.lists.get(runner)?.error;
  }
}
