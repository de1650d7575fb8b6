import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountsService } from '../accounts/accounts.service';
import { createUploadsService } from '../uploads/uploads.service';
import { createMusesRepository } from './muses.repository';
import { createPlazasRepository } from './plazas.repository';
import { museSocketHandlers, type SocketSendLimit } from './muses.socket';
import { musesRoutes } from './muses.routes';
import { createMusesService, RETRY_BASE_MS, type Actor, type MusesService } from './muses.service';
import type { MuseTranslator } from './translator';

declare module 'fastify' {
  interface FastifyInstance {
    muses: MusesService;
  }
}

/** Conversations and muses: the service (also used by the interpreter), its routes and its socket events. */
export const musesPlugin = fp(
  async (app: FastifyInstance, options: { translator: MuseTranslator; sendLimit: SocketSendLimit }) => {
    const service = createMusesService({
      repo: createMusesRepository(app.db),
      plazas: createPlazasRepository(app.db),
      translator: options.translator,
      io: () => app.realtime.io,
      log: app.log,
      metrics: app.metrics,
      accounts: createAccountsService(app.db),
      uploads: createUploadsService(app.db),
      // Connect's rule: who may be put in a conversation with whom, whose live events go to whom.
      reach: app.reach,
      flags: app.translationFlags,
    });
    app.decorate('muses', service);
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
      await service.idle();
    });
  },
  { name: 'muses', dependencies: ['db', 'auth', 'reach', 'realtime', 'metrics', 'translation'] },
);
