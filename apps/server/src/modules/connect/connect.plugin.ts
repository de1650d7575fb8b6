import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { detectLanguage } from '../translation/language-detection';
import type { TranslationService } from '../translation/translation.service';
import { createConnectRepository } from './connect.repository';
import { connectRoutes } from './connect.routes';
import { createConnectService } from './connect.service';
import { createReaderTexts } from './reader-texts';

/** Connect: discovery, people, connections and blocks, with live news of requests. */
export const connectPlugin = fp(
  async (app: FastifyInstance, options: { requestsPerDay: number }) => {
    const service = createConnectService({
      repo: createConnectRepository(app.db),
      readerTexts: createReaderTexts(app.getDecorator<TranslationService>('translation')),
      notify: (accountIds, event) => {
        app.realtime.toAccounts(accountIds, 'connection', event);
      },
      detect: (text, fallback) => detectLanguage(text, { fallback }).language,
    });
    await app.register(connectRoutes, {
      prefix: '/api',
      service,
      requestLimit: { max: options.requestsPerDay, timeWindow: 24 * 60 * 60_000 },
    });
  },
  { name: 'connect', dependencies: ['db', 'auth', 'realtime', 'translation'] },
);
