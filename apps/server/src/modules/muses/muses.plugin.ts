import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMuseNotices } from './muse-notices';
import { createMusesRepository } from './muses.repository';
import { createPlazasRepository } from './plazas.repository';
import { museSocketHandlers, type SocketSendLimit } from './muses.socket';
import { musesRoutes } from './muses.routes';
import { createMusesService, RETRY_BASE_MS, type Actor, type MusesService } from './muses.service';
import { museTranslatorFrom, type MuseAuthor, type MuseTranslator } from './translator';

declare module 'fastify' {
  interface FastifyInstance {
    muses: MusesService & {
      /**
       * The translation policy handed in from above (subscriptions): whose muses the premium
       * engines translate first. Without one, none are.
       */
      premiumWhen(isPremium: (author: MuseAuthor) => Promise<boolean>): void;
    };
  }
}

/** Conversations and muses: the service (also used by the interpreter), its routes and its socket events. */
export const musesPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      translator?: MuseTranslator;
      sendLimit: SocketSendLimit;
      /** How long after a muse its conversation's unread members are told (a reader on the screen has read it by then); null: never. */
      noticeDelayMs: number | null;
      /** Past saturation, sends are refused (503, Retry-After) rather than queued for seconds. */
      shedding?: { maxBacklog: number; maxLoopDelayMs: number };
    },
  ) => {
    let isPremium: ((author: MuseAuthor) => Promise<boolean>) | undefined;
    const translator =
      options.translator ??
      museTranslatorFrom(app.translation, async (author) => (isPremium ? isPremium(author) : false));
    const repo = createMusesRepository(app.db);
    const notices =
      options.noticeDelayMs === null
        ? undefined
        : createMuseNotices({
            repo,
            outbox: app.outbox,
            notifications: app.notifications,
            delayMs: options.noticeDelayMs,
            log: app.log,
          });
    const service = createMusesService({
      repo,
      plazas: createPlazasRepository(app.db),
      translator,
      io: () => app.realtime.io,
      log: app.log,
      metrics: app.metrics,
      accounts: app.accounts,
      uploads: app.uploads,
      voice: app.speech,
      // Connect's rule: who may be put in a conversation with whom, whose live events go to whom.
      reach: app.reach,
      flags: app.translationFlags,
      ...(notices ? { notices } : {}),
      ...(options.shedding ? { shedding: options.shedding } : {}),
    });
    app.decorate(
      'muses',
      Object.assign(service, {
        premiumWhen(policy: (author: MuseAuthor) => Promise<boolean>) {
          isPremium = policy;
        },
      }),
    );
    app.realtime.onConnection(
      museSocketHandlers(service, {
        actorOf: (socket): Actor => socket.data.caller,
        sendLimit: options.sendLimit,
        isClosing: () => app.realtime.isClosing(),
        log: app.log,
        metrics: app.metrics,
      }),
    );
    await app.register(musesRoutes, { prefix: '/api', service, sendLimit: options.sendLimit });
    // Translations an engine failed are tried again with backoff; each success reaches its room.
    const retryTimer = setInterval(() => void service.delivery.retryDue(), RETRY_BASE_MS);
    retryTimer.unref();
    app.addHook('preClose', async () => {
      clearInterval(retryTimer);
      service.close();
      await service.idle();
    });
  },
  {
    name: 'muses',
    dependencies: [
      'db',
      'auth',
      'outbox',
      'reach',
      'realtime',
      'metrics',
      'translation',
      'accounts',
      'uploads',
      'speech',
      'notifications',
    ],
    decorators: {
      fastify: [
        'outbox',
        'reach',
        'realtime',
        'metrics',
        'translation',
        'translationFlags',
        'accounts',
        'uploads',
        'speech',
        'notifications',
      ],
    },
  },
);
