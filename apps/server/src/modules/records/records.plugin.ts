import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Thing } from '@tolk/shared/schemas/things';
import { createReaderTexts } from '../translation';
import type { TranslationService } from '../translation';
import { createOfferedThingsRepository } from './offered-things.repository';
import { createOfferedThingsService, type OfferedThingsService } from './offered-things.service';
import { personsKind } from './persons.kind';
import { placesKind } from './places.kind';
import type { RecordPhotos } from './record-photos';
import { createRecordsRepository } from './records.repository';
import { exportedKind, recordRoutes, recordsExportRoutes } from './records.routes';
import { createRecordsService, type RecordsService } from './records.service';
import { thingsKind, thingsList, type ThingInput } from './things.kind';

/** My things, and what the members of my community offer. */
export type ThingsService = RecordsService<Thing, ThingInput> & OfferedThingsService;

declare module 'fastify' {
  interface FastifyInstance {
    /** Offered things as connect shows them on a member's profile. */
    things: ThingsService;
  }
}

/** A member's own records: people met, places kept, things offered; and their export. */
export const recordsPlugin = fp(
  async (app: FastifyInstance) => {
    const { uploads, accounts } = app;
    const photos: RecordPhotos = { owned: (scope, ids) => uploads.ownedPhotos(scope, ids) };
    const placesRepo = createRecordsRepository(app.db, placesKind);
    const places = createRecordsService(placesKind, { repo: placesRepo, photos });
    const persons = createRecordsService(personsKind, {
      repo: createRecordsRepository(app.db, personsKind),
      photos,
      accountFor: async (owner, username) => {
        const [account] = await accounts.findByUsernames([username], { tenantId: owner.tenantId, superAdmin: false });
        return account && (await app.reach.may(owner, account.id, 'see')) === 'yes' ? account : undefined;
      },
      ownsPlace: (owner, placeId) => placesRepo.owns(owner, placeId),
    });
    const things: ThingsService = {
      ...createRecordsService(thingsKind, { repo: createRecordsRepository(app.db, thingsKind), photos }),
      ...createOfferedThingsService({
        repo: createOfferedThingsRepository(app.db),
        photos,
        readerTexts: createReaderTexts(app.getDecorator<TranslationService>('translation')),
      }),
    };
    app.decorate('things', things);
    // Offered things show their photos to the owner's community.
    app.uploads.alsoReadableWhen((photoId, member) => things.photoOffered(member, photoId));
    await app.register(recordRoutes(personsKind.api, persons), { prefix: '/api' });
    await app.register(recordRoutes(placesKind.api, places), { prefix: '/api' });
    await app.register(recordRoutes(thingsKind.api, things, thingsList(things)), { prefix: '/api' });
    await app.register(
      recordsExportRoutes({
        persons: exportedKind(personsKind.api, persons),
        places: exportedKind(placesKind.api, places),
        things: exportedKind(thingsKind.api, things),
      }),
      { prefix: '/api' },
    );
  },
  {
    name: 'records',
    dependencies: ['db', 'auth', 'reach', 'translation', 'accounts', 'uploads'],
    decorators: { fastify: ['reach', 'translation', 'accounts', 'uploads'] },
  },
);
