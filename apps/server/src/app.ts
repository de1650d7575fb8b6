import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import { createAccountsAdminService } from './modules/accounts/accounts-admin.service';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { tenantsRoutes } from './modules/accounts/tenants.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { createKnownDevices } from './modules/auth/known-devices';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import {
  DEFAULT_THROTTLE_LIMITS,
  redisThrottleStore,
  SignInThrottle,
  type ThrottleLimits,
} from './modules/auth/sign-in-throttle';
import { createTokenService } from './modules/auth/tokens';
import { debugRoutes } from './modules/debug/debug.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createReadiness } from './modules/health/readiness';
import { ledgerPlugin } from './modules/ledger/ledger.plugin';
import { recordsPlugin } from './modules/records/records.plugin';
import { avatarsRoutes } from './modules/profiles/avatars.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { emptyProfile } from './modules/profiles/profiles.service';
import type { TranslationEngine } from './modules/translation/engines/engine';
import { translationRoutes } from './modules/translation/translation.routes';
import { musesPlugin } from './modules/muses/muses.plugin';
import { citiesRoutes } from './modules/cities/cities.routes';
import { connectPlugin } from './modules/connect/connect.plugin';
import { reachPlugin } from './modules/connect/reach.plugin';
import { ordersPlugin } from './modules/orders/orders.plugin';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import type { RedirectProvider } from './modules/payments/providers/provider';
import { loadCities } from './modules/cities/cities';
import { liftedWhenUnavailable, windowCounter } from './plugins/window-counter';
import { subscriptionBenefits } from './modules/subscriptions/benefits';
import { premiumAuthors } from './modules/subscriptions/premium-authors';
import { museTranslatorFrom, type MuseTranslator } from './modules/muses/translator';
import { interpreterPlugin } from './modules/interpreter/interpreter.plugin';
import type { GuestLimits } from './modules/interpreter/interpreter.routes';
import { createPlazaTokens } from './modules/interpreter/plaza-tokens';
import type { TranslationService } from './modules/translation/translation.service';
import { languagesInUse } from './modules/translation/translation.repository';
import { warmTransliteration } from './modules/translation/transliteration/transliterate';
import { PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import { s3Storage } from './modules/uploads/s3-storage';
import { localDiskStorage, localUploadsDir, type BlobStorage } from './modules/uploads/storage';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { authPlugin } from './plugins/auth';
import { realtimePlugin } from './plugins/realtime';
import { connectRedisCounters, redisAnswers, redisRateLimitStore } from './plugins/redis-counters';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { firstScreensPlugin, inlineScriptSources } from './plugins/first-screens';
import { metricsPlugin } from './plugins/metrics';
import { translationPlugin } from './plugins/translation';

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
  /** Premium translation engines in place of TRANSLATION_PREMIUM_ENGINES (tests). */
  premiumTranslationEngines?: TranslationEngine[];
  /** Chats use the translation module unless a test hands in another translator. */
  translator?: MuseTranslator;
  storage?: BlobStorage;
  guestLimits?: GuestLimits;
  /** Stripe and PayPal providers to use instead of the configured ones (the tests' contract servers). */
  paymentProviders?: Partial<Record<RedirectProvider['id'], RedirectProvider>>;
  /** How often subscriptions due are renewed or ended (0 in tests: they call app.subscriptionRenewals). */
  subscriptionRenewEveryMs?: number;
}

export const BODY_LIMIT = 1024 * 1024;

/** Photos in the configured bucket (shared by every instance), or on this instance's disk. */
async function photoStorage(app: FastifyInstance, config: Config): Promise<BlobStorage> {
  if (!config.s3) return localDiskStorage(localUploadsDir(config.dataDir));
  const bucket = await s3Storage(config.s3, app.log);
  app.addHook('onClose', async () => {
    bucket.close();
  });
  return bucket;
}

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

  // External plugins.
  await app.register(helmet, {
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
  const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
  const tokens = createTokenService(jwtSecret);
  await app.register(authPlugin, {
    tokens,
    publicOrigins: config.publicOrigins,
    callerCacheMs: config.sessionCacheMs,
  });
  // Who may reach whom: asked by avatars, uploads, muses, records and orders, all registered below.
  await app.register(reachPlugin);
  await app.register(realtimePlugin, { redisUrl: config.redisUrl, publicOrigins: config.publicOrigins });
  await app.register(translationPlugin, {
    config: config.translation,
    engines: options.translationEngines,
    premiumEngines: options.premiumTranslationEngines,
  });

  const storage = options.storage ?? (await photoStorage(app, config));
  const plazaTokens = createPlazaTokens(jwtSecret);
  const accountsService = createAccountsService(database.db);

  // Feature routes.
  const auth = createAuthService({
    db: database.db,
    tokens,
    throttle: new SignInThrottle(options.signInThrottle ?? DEFAULT_THROTTLE_LIMITS, {
      ...(counters ? { store: redisThrottleStore(counters) } : {}),
    }),
    knownDevices: createKnownDevices(jwtSecret),
    sessionDays: config.sessionDays,
    accountCreated: emptyProfile,
  });
  const accountsAdmin = createAccountsAdminService({
    db: database.db,
    sessionsIn: (db) => createSessionsRepository(db),
    accountCreated: emptyProfile,
    // Their sockets close with them (the realtime plugin listens).
    revoked: (revoked) => {
      // Whatever the edit was (roles, name, suspension), its callers are read afresh.
      app.accountChanged(revoked.accountId);
      app.sessionsRevoked(revoked);
    },
  });
  const readiness = createReadiness(app.log);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        readiness,
        ...(counters ? { redisAnswers: () => redisAnswers(counters) } : {}),
      });
      await api.register(authRoutes, {
        auth,
        registerLimit: options.registerLimit ?? { max: config.limits.registerPerHour, timeWindow: 60 * 60_000 },
      });
      await api.register(profilesRoutes);
      await api.register(avatarsRoutes, { storage });
      await api.register(citiesRoutes, {
        mapTiles: config.mapTiles,
        searchLimit: { max: config.limits.citySearchesPerMinute, timeWindow: 60_000 },
      });
      await api.register(accountsRoutes, { service: accountsAdmin });
      await api.register(tenantsRoutes, { service: accountsAdmin });
      await api.register(debugRoutes);
      await api.register(translationRoutes, {
        translateLimit: options.translateLimit ?? { max: config.limits.translatePerMinute, timeWindow: 60_000 },
      });
      await api.register(uploadsRoutes, {
        repo: createUploadsRepository(database.db),
        storage,
        // A plaza guest's photos: the interpreter module knows its guests (interpreter.plugin.ts).
        guestOf: (request) => app.plazaGuestOf(request),
        // Offered things show their photos to the owner's community (records.plugin.ts).
        alsoReadable: (photoId, member) => app.things.photoOffered(member, photoId),
        dailyPhotos: { perDay: config.limits.photoUploadsPerDay, subscriberFactor: config.limits.subscriberFactor },
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  const premium = (options.premiumTranslationEngines ?? config.translation.premiumEngines).length > 0;
  const translator =
    options.translator ??
    museTranslatorFrom(
      app.getDecorator<TranslationService>('translation'),
      premium ? premiumAuthors(database.db) : undefined,
    );
  await app.register(musesPlugin, {
    translator,
    sendLimit: {
      max: config.limits.musesPerMinute,
      windowMs: 60_000,
      // The socket's send budget is the REST route's, lifted like it while Redis is away.
      counter: liftedWhenUnavailable(windowCounter(counters), (error) => {
        app.log.warn({ err: error }, 'the send limit is lifted: its counter is unavailable');
      }),
    },
  });
  await app.register(recordsPlugin);
  await app.register(ledgerPlugin);
  await app.register(connectPlugin, {
    requestsPerDay: config.limits.connectRequestsPerDay,
    reportsPerDay: config.limits.reportsPerDay,
    subscriberFactor: config.limits.subscriberFactor,
    suspend: async (actorId, accountId) => {
      await accountsAdmin.suspend(actorId, accountId);
    },
  });
  await app.register(ordersPlugin, { platformFeePercent: config.payments.platformFeePercent });
  await app.register(paymentsPlugin, {
    config: config.payments,
    publicUrl: config.publicUrl,
    benefits: subscriptionBenefits(
      config,
      (options.premiumTranslationEngines ?? config.translation.premiumEngines).map((engine) => engine.name),
    ),
    ...(options.subscriptionRenewEveryMs !== undefined ? { renewEveryMs: options.subscriptionRenewEveryMs } : {}),
    ...(options.paymentProviders ? { providers: options.paymentProviders } : {}),
  });
  await app.register(interpreterPlugin, {
    tokens: plazaTokens,
    storage,
    publicUrl: config.publicUrl,
    limits: options.guestLimits ?? {
      createPerHour: config.limits.plazasPerHour,
      subscriberFactor: config.limits.subscriberFactor,
      joinPerHour: config.limits.plazaJoinsPerHour,
      sendPerMinute: config.limits.plazaMusesPerMinute,
    },
    plaza: {
      guestHours: config.plazaGuestHours,
      codeHours: config.plazaCodeHours,
      publicTenantId: () => accountsService.publicTenantId(),
    },
  });

  if (config.warmUp) {
    // After listening, in the background: no member's first muse waits for a dictionary or a
    // pipeline to load. /api/health/ready says when it is done.
    app.addHook('onListen', () => {
      readiness.warm('transliteration', warmTransliteration);
      readiness.warm('cities', async () => {
        loadCities();
      });
      const translation = app.getDecorator<TranslationService>('translation');
      readiness.warm('translation', async () => translation.warmUp(await languagesInUse(database.db)));
    });
    app.addHook('onClose', () => readiness.settled());
  }

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
