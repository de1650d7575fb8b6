import {
  directionOf,
  LANGUAGE_NAMES,
  TRANSLATION_LANGUAGE_NAMES,
  TRANSLATION_LANGUAGES,
  UI_LANGUAGES,
} from '@tolk/shared/languages';
import {
  NOTHING_TO_TRANSLATE,
  type LanguagesResponse,
  type TranslatedText,
  type TranslationPair,
  type TranslationResult,
  type TranslationStatus,
} from '@tolk/shared/schemas/translation';
import type { BreakerOptions } from './circuit-breaker';
import { EngineRunner, type EngineCallObserver, type RetryPolicy } from './engine-runner';
import { engineFigures, engineStatus, type TranslationFigures } from './engine-status';
import { EngineError, type LanguagePair, type TranslationEngine } from './engines/engine';
import { detectLanguage } from './language-detection';
import { LruCache } from './lru-cache';
import { polishTranslation } from './output-polish';
import { hasTranslatableText, hashText, normaliseText, splitProtected } from './protected-text';
import { TranslationBatcher, type TranslationLog } from './translation-batcher';
import { TranslationMemory } from './translation-memory';
import { TranslationRouter, type Route } from './translation-router';
import type { TranslationStore } from './translation.repository';
import { transliterate } from './transliteration/transliterate';

export interface TranslationServiceOptions {
  /** In routing order. */
  engines: TranslationEngine[];
  /**
   * TRANSLATION_PREMIUM_ENGINES, in their order: tried first for premium requests (subscribers'
   * own muses and plazas), before the engines above. An engine in both lists is one engine.
   */
  premiumEngines?: TranslationEngine[];
  store: TranslationStore;
  cacheSize: number;
  /** Per engine call. */
  timeoutMs: number;
  /** How long texts wait for company before going to an engine. */
  batchWindowMs?: number;
  breaker?: BreakerOptions;
  retry?: RetryPolicy;
  log?: TranslationLog;
  /** Told of every engine call (metrics). */
  onEngineCall?: EngineCallObserver;
}

export interface TranslateRequest {
  texts: readonly string[];
  to: readonly string[];
  /** The language of every text; detected per text when absent. */
  from?: string;
  /** The language to assume when detection is unsure: the writer's profile language. */
  fallback?: string;
  /**
   * Asynchronous use (chat): translations not ready after this long come back `pending`, and
   * `onLate` receives each one when it is ready or has failed.
   */
  waitMs?: number;
  onLate?: (update: LateTranslation) => void;
  /** A subscriber's own text: the premium engines first, where one serves the pair. */
  premium?: boolean;
}

export interface FlaggedTranslation {
  engine: string;
  from: string;
  to: string;
  /** The language the engine went through, when it had no direct pair. */
  pivot: string | null;
  /** The source text as it was sent to be translated. */
  text: string;
}

export interface LateTranslation {
  /** Index of the text in the request. */
  index: number;
  translation: TranslatedText;
}

export interface TranslationService {
  translate(request: TranslateRequest): Promise<TranslationResult[]>;
  languages(): Promise<LanguagesResponse>;
  status(): Promise<TranslationStatus>;
  /**
   * A reader flagged this translation as bad: the memory stops serving it (each hop of a pivot),
   * and the next translation of the text goes to the engine and replaces it.
   */
  forget(flagged: FlaggedTranslation): Promise<void>;
  /** The engines' and the memory's counts so far, without waiting (metrics). */
  figures(): TranslationFigures;
  /**
   * Starts, ahead of the first reader, what translating between these languages will use: each
   * pair's route (direct or through its pivot) on engines that have something to load.
   */
  warmUp(languages: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** What a reader sees when nothing translated: never a copy of the source dressed as a translation. */
function unavailable(to: string, reason: string, engine: string | null = null): TranslatedText {
  return { to, text: null, transliteration: null, engine, state: 'unavailable', reason };
}

function reasonOf(error: unknown): string {
  return error instanceof EngineError ? error.message : 'translation failed';
}

export function createTranslationService(options: TranslationServiceOptions): TranslationService {
  const runnerOptions = {
    timeoutMs: options.timeoutMs,
    breaker: options.breaker,
    retry: options.retry,
    onCall: options.onEngineCall,
  };
  const runners = options.engines.map((engine) => new EngineRunner(engine, runnerOptions));
  const router = new TranslationRouter(runners, { timeoutMs: options.timeoutMs, log: options.log });
  const premiumRunners = (options.premiumEngines ?? []).map(
    (engine) => runners.find((runner) => runner.engine === engine) ?? new EngineRunner(engine, runnerOptions),
  );
  const premiumRouter = premiumRunners.length
    ? new TranslationRouter(premiumRunners, { timeoutMs: options.timeoutMs, log: options.log })
    : null;
  /** A pair's routes: for a premium request the premium engines' first, then the others, each engine once. */
  function routesFor(from: string, to: string, premium: boolean | undefined): Route[] {
    const normal = router.routes(from, to);
    if (!premium || !premiumRouter) return normal;
    const first = premiumRouter.routes(from, to);
    return [...first, ...normal.filter((route) => !first.some((taken) => taken.runner === route.runner))];
  }
  const memory = new TranslationMemory(options.store, options.cacheSize);
  /**
   * Polished output by what it was made from: the memory keeps what engines said (so a better
   * polish reaches old translations), and a remembered text is polished once per process, not
   * on every hit (the polish walks protected parts and sentences, a third of a warm hit's cost).
   */
  const polished = new LruCache<{ raw: string; text: string }>(options.cacheSize);
  function polishOnce(raw: string, source: Source, from: string, to: string): string {
    // Keyed by the short source key; the raw text is compared, not hashed into the key (a hit
    // then costs one short string and one comparison, usually of the same string object).
    const key = `${from}\u0000${to}\u0000${source.hash}`;
    const known = polished.get(key);
    if (known !== undefined && known.raw === raw) return known.text;
    const text = polishTranslation(raw, { source: source.text, from, to });
    polished.set(key, { raw, text });
    return text;
  }
  const batchers = new Map<string, TranslationBatcher>();
  /** The same text in flight for the same engine and pair is translated once. */
  const inFlight = new Map<string, Promise<string>>();
  let closed = false;

  function batcherFor(runner: EngineRunner, from: string): TranslationBatcher {
    const key = `${runner.name}\u0000${from}`;
    let batcher = batchers.get(key);
    if (!batcher) {
      batcher = new TranslationBatcher(runner, memory, from, options.batchWindowMs ?? 4, options.log);
      batchers.set(key, batcher);
    }
    return batcher;
  }

  /** One hop through one engine, memory first. `text` is normalised; `hash` is its hashText. */
  function translatePair(runner: EngineRunner, from: string, to: string, text: string, hash: string): Promise<string> {
    const remembered = memory.cached({ engine: runner.name, from, to, hash });
    if (remembered !== undefined) return Promise.resolve(remembered);
    const key = `${runner.name}\u0000${from}\u0000${to}\u0000${hash}`;
    let translation = inFlight.get(key);
    if (!translation) {
      translation = batcherFor(runner, from).translate({ text, parts: splitProtected(text), hash, to });
      inFlight.set(key, translation);
      const forget = () => {
        inFlight.delete(key);
      };
      void translation.then(forget, forget);
    }
    return translation;
  }

  async function viaRoute(route: Route, from: string, to: string, source: Source): Promise<string> {
    if (!route.pivot) return translatePair(route.runner, from, to, source.text, source.hash);
    const middle = await translatePair(route.runner, from, route.pivot, source.text, source.hash);
    const text = normaliseText(middle);
    return translatePair(route.runner, route.pivot, to, text, hashText(text));
  }

  /** A text as the engines get it, worked out once for all its target languages. */
  interface Source {
    text: string;
    hash: string;
    translatable: boolean;
  }

  /**
   * Short texts said again ("ok", "thank you!", a greeting) skip the normalising, hashing and
   * protecting; only short ones are kept, so the cache stays a few megabytes at most.
   */
  const sources = new LruCache<Source>(options.cacheSize);
  const REMEMBERED_SOURCE_LENGTH = 280;
  function sourceOf(raw: string): Source {
    const known = raw.length <= REMEMBERED_SOURCE_LENGTH ? sources.get(raw) : undefined;
    if (known !== undefined) return known;
    const text = normaliseText(raw);
    const source = { text, hash: hashText(text), translatable: hasTranslatableText(splitProtected(text)) };
    if (raw.length <= REMEMBERED_SOURCE_LENGTH) sources.set(raw, source);
    return source;
  }

  async function translateOne(
    source: string,
    prepared: Source,
    from: string,
    to: string,
    premium: boolean | undefined,
  ): Promise<TranslatedText> {
    if (from === to) return { to, text: source, transliteration: null, engine: null, state: 'skipped' };
    if (!prepared.translatable) {
      return {
        to,
        text: source,
        transliteration: null,
        engine: null,
        state: 'skipped',
        reason: NOTHING_TO_TRANSLATE,
      };
    }
    const routes = routesFor(from, to, premium);
    if (!routes.length) return unavailable(to, `no translation engine for ${from} to ${to}`);
    let failure: unknown;
    for (const route of routes) {
      try {
        const raw = await viaRoute(route, from, to, prepared);
        const translated = polishOnce(raw, prepared, from, to);
        return {
          to,
          text: translated,
          transliteration: await transliterate(translated, to).catch(() => null),
          engine: route.runner.name,
          state: 'ready',
          ...(route.pivot ? { pivot: route.pivot } : {}),
        };
      } catch (error) {
        failure = error;
        if (!(error instanceof EngineError)) options.log?.error({ err: error }, 'translation failed');
      }
    }
    return unavailable(to, reasonOf(failure), routes[0]?.runner.name ?? null);
  }

  /** In async mode, a translation slower than the deadline is reported pending and delivered late. */
  async function withDeadline(
    index: number,
    from: string,
    to: string,
    work: Promise<TranslatedText>,
    request: TranslateRequest,
  ): Promise<TranslatedText> {
    if (request.waitMs === undefined) return work;
    let timer: NodeJS.Timeout | undefined;
    const late = Symbol('late');
    const deadline = new Promise<typeof late>((resolve) => {
      timer = setTimeout(() => {
        resolve(late);
      }, request.waitMs);
    });
    const first = await Promise.race([work, deadline]);
    clearTimeout(timer);
    if (first !== late) return first;
    void work.then((translation) => request.onLate?.({ index, translation }));
    const engine = routesFor(from, to, request.premium)[0]?.runner.name ?? null;
    return { to, text: null, transliteration: null, engine, state: 'pending' };
  }

  async function translateText(index: number, source: string, request: TranslateRequest): Promise<TranslationResult> {
    const detection = detectLanguage(source, { from: request.from, fallback: request.fallback });
    const from = detection.language;
    const sourceReading = transliterate(source, from).catch(() => null);
    const prepared = sourceOf(source);
    const translations = await Promise.all(
      request.to.map((to) =>
        withDeadline(index, from, to, translateOne(source, prepared, from, to, request.premium), request),
      ),
    );
    const transliteration = await sourceReading;
    return {
      source,
      from,
      detection: { method: detection.method, confidence: detection.confidence },
      transliteration,
      // A skipped text reads like its source.
      translations: translations.map((t) => (t.state === 'skipped' ? { ...t, transliteration } : t)),
    };
  }

  const allRunners = () => [...runners, ...premiumRunners.filter((runner) => !runners.includes(runner))];
  // A premium-only engine's language list is its router's.
  const routingOf = (runner: EngineRunner) => (runners.includes(runner) || !premiumRouter ? router : premiumRouter);

  return {
    async translate(request) {
      if (closed) throw new Error('the translation service is closed');
      await router.ready();
      if (request.premium) await premiumRouter?.ready();
      return Promise.all(request.texts.map((source, index) => translateText(index, source, request)));
    },

    async languages() {
      await router.ready();
      const available = router.languages();
      const pairs: TranslationPair[] = [];
      for (const from of TRANSLATION_LANGUAGES) {
        if (!available.has(from)) continue;
        for (const to of TRANSLATION_LANGUAGES) {
          if (from === to || !available.has(to)) continue;
          const route = router.routes(from, to).find((candidate) => candidate.runner.available);
          if (route) pairs.push({ from, to, engine: route.runner.name, pivot: route.pivot });
        }
      }
      return {
        interface: UI_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code], direction: directionOf(code) })),
        translation: {
          languages: TRANSLATION_LANGUAGES.filter((code) => available.has(code)).map((code) => ({
            code,
            name: TRANSLATION_LANGUAGE_NAMES[code],
            direction: directionOf(code),
          })),
          pairs,
        },
      };
    },

    async status() {
      await router.ready();
      await premiumRouter?.ready();
      return {
        engines: allRunners().map((runner) => engineStatus(runner, routingOf(runner))),
        memory: memory.stats(),
      };
    },

    async forget({ engine, from, to, pivot, text }) {
      const source = normaliseText(text);
      const hash = hashText(source);
      if (!pivot) {
        await memory.forget({ engine, from, to, hash });
        return;
      }
      // Either hop may be the bad one: both are made again.
      const middle = await memory.forget({ engine, from, to: pivot, hash });
      if (middle !== undefined) await memory.forget({ engine, from: pivot, to, hash: hashText(normaliseText(middle)) });
    },

    figures: () => ({ engines: allRunners().map(engineFigures), memory: memory.stats() }),

    async warmUp(languages) {
      await router.ready();
      const byRunner = new Map<EngineRunner, LanguagePair[]>();
      const distinct = [...new Set(languages)];
      for (const from of distinct) {
        for (const to of distinct) {
          if (from === to) continue;
          const route = router.routes(from, to)[0];
          if (!route?.runner.engine.warm) continue;
          const hops = route.pivot
            ? [
                { from, to: route.pivot },
                { from: route.pivot, to },
              ]
            : [{ from, to }];
          byRunner.set(route.runner, [...(byRunner.get(route.runner) ?? []), ...hops]);
        }
      }
      await Promise.all(
        [...byRunner].map(([runner, pairs]) =>
          runner.engine.warm!(pairs, AbortSignal.timeout(Math.max(options.timeoutMs * 10, 30_000))),
        ),
      );
    },

    async close() {
      if (closed) return;
      closed = true;
      const closing = new EngineError('translation', 'the server is shutting down', { retryable: false });
      await Promise.all([...batchers.values()].map((batcher) => batcher.close(closing)));
      await Promise.all(
        [...new Set([...options.engines, ...(options.premiumEngines ?? [])])].map(async (engine) => {
          await engine.close?.();
        }),
      );
    },
  };
}
