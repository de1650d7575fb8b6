import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReaderTexts } from '../translation';
import type { TranslationService } from '../translation';
import { createPersonsRepository } from './persons.repository';
import { personsRoutes } from './persons.routes';
import { createPersonsService } from './persons.service';
import { createPlacesRepository } from './places.repository';
import { placesRoutes } from './places.routes';
import { createPlacesService } from './places.service';
import { recordsRoutes } from './records.routes';
import { createThingsRepository } from './things.repository';
import { thingsRoutes } from './things.routes';
import { createThingsService, type ThingsService } from './things.service';

/** A member's own records: people met, places kept, things offered; and their export. */
export const recordsPlugin = fp(
  async (app: FastifyInstance) => {
    const { uploads, accounts } = app;
    const photos = {
      owned: (scope: { tenantId: string; accountId: string }, ids: readonly string[]) =>
        uploads.ownedPhotos(scope, ids),
    };
    const persons = createPersonsService({
      repo: createPersonsRepository(app.db),
      photos,
      accountFor: async (owner, username) => {
        const [account] = await accounts.findByUsernames([username], { tenantId: owner.tenantId, superAdmin: false });
        return account && (await app.reach.may(owner, account.id, 'see')) === 'yes' ? account : undefined;
      },
    });
    const places = createPlacesService({ repo: createPlacesRepository(app.db), photos });
    const things = createThingsService({
      repo: createThingsRepository(app.db),
      photos,
      readerTexts: createReaderTexts(app.getDecorator<TranslationService>('translation')),
    });
    app.decorate('things', things);
    // Offered things show their photos to the owner's community.
    app.uploads.alsoReadableWhen((photoId, member) => things.photoOffered(member, photoId));
    await app.register(personsRoutes, { prefix: '/api', service: persons });
    await app.register(placesRoutes, { prefix: '/api', service: places });
    await app.register(thingsRoutes, { prefix: '/api', service: things });
    await app.register(recordsRoutes, { prefix: '/api', persons, places, things });
  },
  {
    name: 'records',
    dependencies: ['db', 'auth', 'reach', 'translation', 'accounts', 'uploads'],
    decorators: { fastify: ['reach', 'translation', 'accounts', 'uploads'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Offered things as connect shows them on a member's profile. */
    things: ThingsService;
  }
}
