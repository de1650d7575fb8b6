import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Agent as HttpsAgent } from 'node:https';
import type { Transporter } from 'nodemailer';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { cleanInput } from '@tolk/shared/text';
import type { Config } from './config';
import { AppError, notFound } from './errors';
import type { DatabaseHandle } from './db/client';
import { accountsPlugin } from './modules/accounts';
import { authModule, type ThrottleLimits } from './modules/auth';
import { citiesPlugin } from './modules/cities';
import { connectPlugin } from './modules/connect';
import { debugPlugin } from './modules/debug';
import { healthPlugin } from './modules/health';
import { interpreterPlugin, type GuestLimits } from './modules/interpreter';
import { ledgerPlugin } from './modules/ledger';
import { musesPlugin, type MuseTranslator } from './modules/muses';
import { notificationsPlugin } from './modules/notifications';
import { speechPlugin, type SpeechPluginOptions } from './modules/speech';
import { referencesPlugin } from './modules/references';
import { ordersPlugin } from './modules/orders';
import { paymentsPlugin, type RedirectProvider } from './modules/payments';
import { emptyProfile, profilesPlugin } from './modules/profiles';
import { reachPlugin } from './modules/reach';
import { recordsPlugin } from './modules/records';
import { subscriptionBenefits, subscriptionsPlugin } from './modules/subscriptions';
import { translationPlugin, type TranslationEngine } from './modules/translation';
import { uploadsPlugin, type BlobStorage } from './modules/uploads';
import { PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import { authPlugin } from './plugins/auth';
import { realtimePlugin } from './plugins/realtime';
import { connectRedisCounters, redisAnswers, redisRateLimitStore } from './plugins/redis-counters';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { firstScreensPlugin, inlineScriptSources } from './plugins/first-screens';
import { metricsPlugin } from './plugins/metrics';
import { outboxPlugin, type OutboxOptions } from './plugins/outbox';
import { mailPlugin } from './plugins/mail';
import { liftedWhenUnavailable, windowCounter } from './plugins/window-counter';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  signInThrottle?: ThrottleLimits;
  registerLimit?: { max: number; timeWindow: number };
  /** POST /api/translate requests per address per window. */
  translateLimit?: { max: number; timeWindow: number };
  /** Translation engines to use instead of the configured ones. */
  translationEngines?: TranslationEngine[];
  /** Speech engines to use instead of the configured ones (TOLK_STT_URL, TOLK_TTS_URL). */
  speechEngines?: SpeechPluginOptions['engines'];
  /** Premium translation engines in place of TRANSLATION_PREMIUM_ENGINES (tests). */
  premiumTranslationEngines?: TranslationEngine[];
  /** Chats use the translation module unless a test hands in another translator. */
  translator?: MuseTranslator;
  storage?: BlobStorage;
  guestLimits?: GuestLimits;
  /** Stripe and PayPal providers to use instead of the configured ones (the tests' contract servers). */
  paymentProviders?: Partial<Record<RedirectProvider['id'], RedirectProvider>>;
  /** The clock references' rules read (tests move it). */
  referencesClock?: () => Date;
  /** How often reference reminders are looked for; 0: only when asked (tests). */
  referenceRemindEveryMs?: number;
  /** Where mail goes instead of the configured SMTP server (tests). */
  mailTransport?: Transporter;
  /** Pushes may go to a push service on this machine, through this agent (tests: a stand-in with its own certificate). */
  localPushService?: { agent: HttpsAgent };
  /** The durable queue's timing (tests: pollMs 0, and they run it with app.outbox.runDue). */
  outbox?: Partial<OutboxOptions>;
  /** How often subscriptions due are renewed or ended (0 in tests: they call app.subscriptionRenewals). */
  subscriptionRenewEveryMs?: number;
}

export const BODY_LIMIT = 1024 * 1024;

/** Hosts a browser treats as secure over plain HTTP. */
const LOOPBACK_HOST = /^(localhost|127(\.\d+){3}|\[::1\])(:\d+)?$/;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // The spec calls GET /Persons and GET /Debug/Claims.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // The one text rule (packages/shared/src/text.ts) before every schema: NFC, no control
  // characters, no broken Unicode, no deep nesting, in bodies, queries and paths alike.
  app.setValidatorCompiler((route: Parameters<typeof validatorCompiler>[0]) => {
    const validate = validatorCompiler(route);
    if (route.httpPart === 'headers') return validate;
    return (data: unknown) => {
      const cleaned = cleanInput(data);
      if (cleaned.ok) return validate(cleaned.value);
      // A path that cannot name anything names nothing: not found, as for a mistyped id.
      if (route.httpPart === 'params') return { error: notFound() };
      return { error: new AppError('validation_failed', SERVER_MESSAGES.invalidFields, cleaned.problems) };
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  // External plugins. Security headers: helmet's middleware is made once here and applied to every
  // response (@fastify/helmet made it again, CSP parsing included, on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The web build's inline first-paint script, by its hash (plugins/first-screens.ts).
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDir)],
        // react-toastify and React inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from their own server (TOLK_MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', config.mapTiles.origin],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain HTTP on localhost must keep working; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
    // Set below only where browsers honour it: on a plain-HTTP LAN address they ignore it and
    // print an error on every page of a phone opening the app there.
    crossOriginOpenerPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https' || LOOPBACK_HOST.test(request.hostname)) {
      reply.header('cross-origin-opener-policy', 'same-origin');
    }
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } });
  // With several instances the counts live in Redis, so a limit holds across all of them.
  const counters = config.redisUrl ? await connectRedisCounters(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    // A member's budget is their own, not shared with everyone behind the same address (a
    // school's or a hotel's NAT); guests are counted by address. The auth hook runs first.
    keyGenerator: (request) => (request.caller ? `account:${request.caller.accountId}` : request.ip),
    // A Redis outage lifts the route limits rather than failing every limited route.
    ...(counters ? { store: redisRateLimitStore(counters), skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tolk API',
        version: '0.1.0',
        description: 'People write in their own language and everyone reads in theirs.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // App plugins.
  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin, { webDir: config.webDir });
  await app.register(firstScreensPlugin, { webDir: config.webDir });
  // Before every route: its response hook times them all.
  await app.register(metricsPlugin, { config: config.metrics });
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    publicOrigins: config.publicOrigins,
    callerCacheMs: config.sessionCacheMs,
  });
  await app.register(realtimePlugin, { redisUrl: config.redisUrl, publicOrigins: config.publicOrigins });
  await app.register(outboxPlugin, { leaseMs: config.outboxLeaseMs, ...options.outbox });
  await app.register(mailPlugin, {
    config: config.mail,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
  });
  await app.register(healthPlugin, {
    warmUp: config.warmUp,
    ...(counters ? { redisAnswers: () => redisAnswers(counters) } : {}),
  });

  // Modules, each after those it uses (modules/README.md draws the layers; Fastify refuses another order).
  const premiumEngines = options.premiumTranslationEngines ?? config.translation.premiumEngines;
  await app.register(translationPlugin, {
    config: config.translation,
    engines: options.translationEngines,
    premiumEngines: options.premiumTranslationEngines,
    translateLimit: options.translateLimit ?? { max: config.limits.translatePerMinute, timeWindow: 60_000 },
  });
  await app.register(citiesPlugin, {
    mapTiles: config.mapTiles,
    searchLimit: { max: config.limits.citySearchesPerMinute, timeWindow: 60_000 },
  });
  await app.register(uploadsPlugin, {
    s3: config.s3,
    dataDir: config.dataDir,
    ...(options.storage ? { storage: options.storage } : {}),
    dailyPhotos: { perDay: config.limits.photoUploadsPerDay, subscriberFactor: config.limits.subscriberFactor },
  });
  await app.register(speechPlugin, {
    config: config.speech,
    counter: liftedWhenUnavailable(windowCounter(counters), (error) => {
      app.log.warn({ err: error }, 'the recording limits are lifted: their counter is unavailable');
    }),
    ...(options.speechEngines ? { engines: options.speechEngines } : {}),
  });
  await app.register(debugPlugin);
  // A new account's empty profile is made by profiles, in the account's transaction.
  await app.register(accountsPlugin, { accountCreated: emptyProfile });
  await app.register(authModule, {
    sessionDays: config.sessionDays,
    accountCreated: emptyProfile,
    registerLimit: options.registerLimit ?? { max: config.limits.registerPerHour, timeWindow: 60 * 60_000 },
    forgotLimit: { max: config.limits.forgotPasswordPerHour, timeWindow: 60 * 60_000 },
    links: { publicUrl: config.publicUrl, publicOrigins: config.publicOrigins, port: config.port },
    ...(options.signInThrottle ? { signInThrottle: options.signInThrottle } : {}),
    ...(counters ? { counters } : {}),
  });
  // Who may reach whom: asked by profiles, uploads, muses, records, connect and orders.
  await app.register(reachPlugin);
  // What members are told of: asked by every module below that acts on someone else.
  await app.register(notificationsPlugin, {
    push: {
      subject: config.notifications.vapidSubject,
      ...(options.localPushService ? { local: options.localPushService } : {}),
    },
    digest: { delayMs: config.notifications.digestDelayMs, periodMs: config.notifications.digestPeriodMs },
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  await app.register(profilesPlugin);
  await app.register(musesPlugin, {
    ...(options.translator ? { translator: options.translator } : {}),
    noticeDelayMs: config.notifications.museDelayMs,
    shedding: config.limits.shedding,
    sendLimit: {
      max: config.limits.musesPerMinute,
      windowMs: 60_000,
      // The socket's send budget is the REST route's, lifted like it while Redis is away.
      counter: liftedWhenUnavailable(windowCounter(counters), (error) => {
        app.log.warn({ err: error }, 'the send limit is lifted: its counter is unavailable');
      }),
    },
  });
  await app.register(subscriptionsPlugin, {
    benefits: subscriptionBenefits(
      config,
      premiumEngines.map((engine) => engine.name),
    ),
  });
  await app.register(recordsPlugin);
  await app.register(interpreterPlugin, {
    publicUrl: config.publicUrl,
    limits: options.guestLimits ?? {
      createPerHour: config.limits.plazasPerHour,
      subscriberFactor: config.limits.subscriberFactor,
      joinPerHour: config.limits.plazaJoinsPerHour,
      sendPerMinute: config.limits.plazaMusesPerMinute,
    },
    plaza: { guestHours: config.plazaGuestHours, codeHours: config.plazaCodeHours },
  });
  // Before connect: its moderation queue takes reports of references.
  await app.register(referencesPlugin, {
    ...(options.referencesClock
      ? { now: options.referencesClock }
      : config.referencesClockOffsetDays > 0
        ? { now: () => new Date(Date.now() + config.referencesClockOffsetDays * 86_400_000) }
        : {}),
    ...(options.referenceRemindEveryMs !== undefined ? { remindEveryMs: options.referenceRemindEveryMs } : {}),
  });
  await app.register(connectPlugin, {
    requestsPerDay: config.limits.connectRequestsPerDay,
    reportsPerDay: config.limits.reportsPerDay,
    subscriberFactor: config.limits.subscriberFactor,
  });
  await app.register(ordersPlugin, { platformFeePercent: config.payments.platformFeePercent });
  await app.register(ledgerPlugin);
  await app.register(paymentsPlugin, {
    config: config.payments,
    publicUrl: config.publicUrl,
    ...(options.subscriptionRenewEveryMs !== undefined ? { renewEveryMs: options.subscriptionRenewEveryMs } : {}),
    ...(options.paymentProviders ? { providers: options.paymentProviders } : {}),
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (fs.existsSync(config.webDir)) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Hashed file names never change content; index.html is served uncached by the not-found handler.
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  return app;
}
