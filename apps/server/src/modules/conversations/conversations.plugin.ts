import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createConversationsRepository } from './conversations.repository';
import { conversationSocketHandlers, type SocketSendLimit } from './conversations.realtime';
import { conversationsRoutes } from './conversations.routes';
import {
  createConversationsService,
  RETRY_BASE_MS,
  type Actor,
  type ConversationsService,
} from './conversations.service';
import type { MuseTranslator } from './translator';

declare module 'fastify' {
  interface FastifyInstance {
    conversations: ConversationsService;
  }
}

/** Conversations and muses: the service (also used by the interpreter), its routes and its socket events. */
export const conversationsPlugin = fp(
  async (app: FastifyInstance, options: { translator: MuseTranslator; sendLimit: SocketSendLimit }) => {
    const service = createConversationsService({
      repo: createConversationsRepository(app.db),
      translator: options.translator,
      io: () => app.realtime.io,
      log: app.log,
    });
    app.decorate('conversations', service);
    app.realtime.onConnection(
      conversationSocketHandlers(service, {
        actorOf: (socket): Actor => {
          const p = socket.data.principal;
          return {
            accountId: p.accountId,
            guestMemberId: p.guestMemberId,
            tenantId: null,
            language: p.language,
            superAdmin: false,
          };
        },
        sendLimit: options.sendLimit,
        isClosing: () => app.realtime.isClosing(),
        log: app.log,
      }),
    );
    await app.register(conversationsRoutes, { prefix: '/api', service, sendLimit: options.sendLimit });
    // Translations an engine failed are tried again with backoff; each success reaches its room.
    const retryTimer = setInterval(() => void service.delivery.retryDue(), RETRY_BASE_MS);
    retryTimer.unref();
    app.addHook('preClose', async () => {
      clearInterval(retryTimer);
      await service.idle();
    });
  },
  { name: 'conversations', dependencies: ['db', 'auth', 'realtime'] },
);
