import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config';
import { AppError } from '../errors';

/** A translation engine's circuit breaker, as the engine gauge shows it. */
export type BreakerState = 'closed' | 'open' | 'half-open';
/** Told of every engine call: its engine, how long it took and how it ended. */
export type EngineCallObserver = (engine: string, seconds: number, outcome: 'ok' | 'error') => void;

/** How a muse came in: the REST route, the socket, or an interpreter plaza (REST). */
export type MuseVia = 'http' | 'socket' | 'plaza';

/**
 * What the owners tell the metrics, from where things happen. Every call is an addition or one
 * histogram observation, made once per muse or engine call (never per socket), with labels from
 * small fixed sets; with metrics off each is an empty function.
 */
export interface Metrics {
  /** A new muse stored (a resend of one already stored is not one). */
  museSent(via: MuseVia): void;
  /** One muse event sent to `rooms` conversation rooms (one serialisation each, whatever their sockets). */
  museEmitted(event: 'new' | 'updated', rooms: number): void;
  /** A new muse went out to its rooms this long after its append was stored. */
  museDelivered(seconds: number): void;
  /** A socket joined a conversation's rooms. */
  conversationJoined(): void;
  /** One call (one try) to a translation engine. */
  translationCall: EngineCallObserver;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const nothing = () => undefined;
const OFF: Metrics = {
  museSent: nothing,
  museEmitted: nothing,
  museDelivered: nothing,
  conversationJoined: nothing,
  translationCall: nothing,
};

/** A breaker's state as a number a graph can show: 0 closed, 0.5 half-open (one trial call), 1 open. */
const BREAKER_VALUE: Record<BreakerState, number> = { closed: 0, 'half-open': 0.5, open: 1 };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const presented = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), expected);
}

/**
 * GET /metrics in Prometheus' text format, and `app.metrics` for the owners to count through.
 * Off (404, nothing counted) unless TOLK_METRICS=true or TOLK_METRICS_TOKEN is set. Register it
 * before the routes, so its response hook times them all. Gauges and the counts the translation
 * service keeps anyway are read when Prometheus scrapes, not kept up to date in between.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { config: MetricsConfig }) => {
    const { config } = options;
    // Infrastructure, like /api/docs: not part of the API's OpenAPI document.
    const route = { schema: { hide: true } };
    if (!config.enabled) {
      app.decorate('metrics', OFF);
      app.get('/metrics', route, async () => {
        throw new AppError(
          'not_found',
          'Metrics are off. Set TOLK_METRICS=true or TOLK_METRICS_TOKEN to turn them on.',
        );
      });
      return;
    }

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const httpSeconds = new Histogram({
      name: 'tolk_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (no ids) and status class, from arrival to response sent.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      httpSeconds.observe(
        {
          method: request.method,
          // The pattern (/api/conversations/:id/muses), never the URL; no route matched: "unmatched".
          route: request.routeOptions.url ?? 'unmatched',
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    });

    // Bound once, and shown at 0 from the start: a rate over a series that appears late misses its first step.
    const zeroed = <T extends { inc(value?: number): void }>(counter: T) => {
      counter.inc(0);
      return counter;
    };
    const sent = new Counter({
      name: 'tolk_muses_sent_total',
      help: 'New muses stored, by how they came in (http, socket, plaza); resends of a stored muse are not counted.',
      labelNames: ['via'] as const,
      registers,
    });
    const byVia = {
      http: zeroed(sent.labels('http')),
      socket: zeroed(sent.labels('socket')),
      plaza: zeroed(sent.labels('plaza')),
    };
    /** A count per muse event (new, updated). */
    const perEvent = (name: string, help: string) => {
      const counter = new Counter({ name, help, labelNames: ['event'] as const, registers });
      return { new: zeroed(counter.labels('new')), updated: zeroed(counter.labels('updated')) };
    };
    const deliveries = perEvent(
      'tolk_muse_deliveries_total',
      'Muse events fanned out live (event new or updated), one per muse event whatever the number of readers.',
    );
    const roomEmits = perEvent(
      'tolk_muse_room_emits_total',
      'Muse events sent to conversation rooms (one per reading-language room per muse event).',
    );
    const deliverySeconds = new Histogram({
      name: 'tolk_muse_delivery_seconds',
      help: 'From a new muse stored to its first send to the rooms (includes waiting up to 300 ms for translations).',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 1, 2.5],
      registers,
    });
    const joins = new Counter({
      name: 'tolk_conversation_joins_total',
      help: 'Conversations joined by sockets (each join or rejoin, with its catch-up).',
      registers,
    });
    new Gauge({
      name: 'tolk_live_sockets',
      help: 'Sockets connected to this instance.',
      registers,
      collect() {
        this.set(app.realtime.io.of('/').sockets.size);
      },
    });

    const engineSeconds = new Histogram({
      name: 'tolk_translation_engine_call_seconds',
      help: 'Calls to a translation engine (each try), by engine and outcome (ok, error), from its concurrency slot.',
      labelNames: ['engine', 'outcome'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    translationFigures(app, registers);
    databaseLoad(app, registers);

    app.decorate('metrics', {
      museSent: (via) => {
        byVia[via].inc();
      },
      museEmitted: (event, rooms) => {
        deliveries[event].inc();
        roomEmits[event].inc(rooms);
      },
      museDelivered: (seconds) => {
        deliverySeconds.observe(seconds);
      },
      conversationJoined: () => {
        joins.inc();
      },
      translationCall: (engine, seconds, outcome) => {
        engineSeconds.observe({ engine, outcome }, seconds);
      },
    } satisfies Metrics);

    const token = config.token === undefined ? undefined : digest(config.token);
    app.get('/metrics', route, async (request, reply) => {
      if (token && !bearerMatches(request.headers.authorization, token)) {
        throw new AppError(
          'unauthorized',
          'Metrics need the token set in TOLK_METRICS_TOKEN, sent as "Authorization: Bearer <token>".',
          undefined,
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

type Registers = Registry[];

/** The translation service's own counts (engines, breakers, memory), read at scrape. */
function translationFigures(app: FastifyInstance, registers: Registers) {
  const figures = () => app.translation.figures();
  const perEngine = (
    name: string,
    help: string,
    read: (engine: ReturnType<typeof figures>['engines'][number]) => number,
  ) => {
    new Counter({
      name,
      help,
      labelNames: ['engine'] as const,
      registers,
      collect() {
        this.reset();
        for (const engine of figures().engines) this.inc({ engine: engine.name }, read(engine));
      },
    });
  };
  perEngine(
    'tolk_translation_engine_calls_total',
    'Calls made to a translation engine, retries included.',
    (e) => e.calls,
  );
  perEngine('tolk_translation_engine_texts_total', 'Texts sent to a translation engine.', (e) => e.texts);
  perEngine(
    'tolk_translation_engine_errors_total',
    'Translation engine calls that failed for good, after their retries.',
    (e) => e.failures,
  );
  perEngine(
    'tolk_translation_engine_retries_total',
    'Translation engine calls tried again after a failure.',
    (e) => e.retries,
  );
  new Gauge({
    name: 'tolk_translation_engine_in_flight',
    help: 'Calls to a translation engine under way.',
    labelNames: ['engine'] as const,
    registers,
    collect() {
      for (const engine of figures().engines) this.set({ engine: engine.name }, engine.inFlight);
    },
  });
  new Gauge({
    name: 'tolk_translation_breaker_state',
    help: "A translation engine's circuit breaker: 0 closed, 0.5 half-open (one trial call), 1 open (calls refused).",
    labelNames: ['engine'] as const,
    registers,
    collect() {
      for (const engine of figures().engines) this.set({ engine: engine.name }, BREAKER_VALUE[engine.breaker]);
    },
  });
  new Counter({
    name: 'tolk_translation_memory_hits_total',
    help: 'Translations found in the translation memory, by tier: process (the in-process cache) or database.',
    labelNames: ['tier'] as const,
    registers,
    collect() {
      const { memory } = figures();
      this.reset();
      this.inc({ tier: 'process' }, memory.cacheHits);
      this.inc({ tier: 'database' }, memory.storeHits);
    },
  });
  new Counter({
    name: 'tolk_translation_memory_misses_total',
    help: 'Translation memory lookups found in neither tier (the text went to an engine, or joined one under way).',
    registers,
    collect() {
      const { memory } = figures();
      this.reset();
      this.inc(Math.max(0, memory.lookups - memory.cacheHits - memory.storeHits));
    },
  });
  new Gauge({
    name: 'tolk_translation_memory_cached',
    help: 'Translations kept in the in-process cache in front of the database.',
    registers,
    collect() {
      this.set(figures().memory.cached);
    },
  });
}

/** The database's pool (PostgreSQL) or the PGlite thread's queue, read at scrape. */
function databaseLoad(app: FastifyInstance, registers: Registers) {
  const gauge = (name: string, help: string, read: () => number | undefined) => {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  };
  const first = app.database.load();
  if (first.engine === 'postgres') {
    const pool = () => {
      const load = app.database.load();
      return load.engine === 'postgres' ? load : undefined;
    };
    gauge('tolk_db_pool_max_connections', 'PostgreSQL connections this instance may open.', () => pool()?.max);
    gauge('tolk_db_pool_connections', 'PostgreSQL connections open (idle and busy).', () => pool()?.connections);
    gauge('tolk_db_pool_idle_connections', 'PostgreSQL connections open and idle.', () => pool()?.idle);
    gauge(
      'tolk_db_pool_waiting_requests',
      'Queries waiting for a PostgreSQL connection (all busy and the pool full).',
      () => pool()?.waiting,
    );
  } else if (first.inFlight !== null) {
    gauge('tolk_db_pglite_in_flight', "Requests sent to the embedded database's thread and not answered yet.", () => {
      const load = app.database.load();
      return load.engine === 'pglite' ? (load.inFlight ?? undefined) : undefined;
    });
  }
}
