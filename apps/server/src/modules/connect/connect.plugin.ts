import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscriberMax } from '../../plugins/subscriber-limits';
import { createProfilesService } from '../profiles';
import { detectLanguage } from '../translation';
import type { TranslationService } from '../translation';
import { createConnectRepository } from './connect.repository';
import { connectRoutes } from './connect.routes';
import { createConnectService } from './connect.service';
import { createReaderTexts } from '../translation';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';
import { createTripsRepository } from './trips.repository';
import { tripsRoutes } from './trips.routes';
import { createTripsService } from './trips.service';
import { createMeetRequestsRepository } from './meet-requests.repository';
import { createMeetRequestsService } from './meet-requests.service';

/** Connect: discovery, people, connections, blocks, trips (and asking to meet on them) and reports, with live news of requests. */
export const connectPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      requestsPerDay: number;
      reportsPerDay: number;
      /** Active subscribers' connect requests: this many times requestsPerDay. */
      subscriberFactor: number;
    },
  ) => {
    const readerTexts = createReaderTexts(app.getDecorator<TranslationService>('translation'));
    const detect = (text: string, fallback: string) => detectLanguage(text, { fallback }).language;
    const tripsRepository = createTripsRepository(app.db);
    const people = createConnectRepository(app.db);
    const service = createConnectService({
      repo: people,
      tripsOf: (viewer, ownerId) => tripsRepository.ofPerson(viewer, ownerId),
      offersOf: async (viewer, ownerId) => (await app.things.offered(viewer, { ownerId })).items,
      readerTexts,
      referenceCounts: (accountIds) => app.references.countsOf(accountIds),
      notify: (accountIds, event) => {
        app.realtime.toAccounts(accountIds, 'connection', event);
        // Asked and accepted are told to the other side (never to who acted) until they read it.
        if (event.kind !== 'ended') {
          void app.notifications.notify({
            topic: 'connection',
            event: event.kind,
            recipientIds: accountIds,
            actorId: event.person.id,
            subject: event.connectionId,
            data: {},
            link: `/connect/${event.person.id}`,
          });
        }
      },
      detect,
      profiles: createProfilesService(app.db),
    });
    const meetRequests = createMeetRequestsRepository(app.db);
    const trips = createTripsService({
      repo: tripsRepository,
      connect: service,
      readerTexts,
      detect,
      requests: meetRequests,
    });
    const asking = createMeetRequestsService({
      trips: tripsRepository,
      repo: meetRequests,
      mayReach: async (viewer, accountId) => (await app.reach.may(viewer, accountId, 'see')) === 'yes',
      // Told once, when asked; the link opens who asked (locals and fellow travellers alike).
      asked: ({ requesterId, inviteeId, trip, cityName }) => {
        void app.notifications.notify({
          topic: 'trip',
          event: 'meet',
          recipientIds: [inviteeId],
          actorId: requesterId,
          subject: `trip:${trip.id}`,
          data: { title: cityName, tripId: trip.id },
          link: `/connect/${requesterId}`,
        });
      },
    });
    await app.register(connectRoutes, {
      prefix: '/api',
      service,
      requestLimit: {
        max: subscriberMax(options.requestsPerDay, options.subscriberFactor),
        timeWindow: 24 * 60 * 60_000,
      },
    });
    await app.register(tripsRoutes, {
      prefix: '/api',
      service: trips,
      requests: asking,
      askLimit: {
        max: subscriberMax(options.requestsPerDay, options.subscriberFactor),
        timeWindow: 24 * 60 * 60_000,
      },
    });
    const reports = createReportsService({
      repo: createReportsRepository(app.db),
      people,
      trips: tripsRepository,
      museOf: (caller, museId) => app.muses.reportedMuse(caller, museId),
      referenceOf: (caller, referenceId) => app.references.admin.reportable(caller, referenceId),
      // A superadmin upholding a report suspends through accounts: no sign-in, sessions and sockets closed, audited.
      suspend: async (actorId, accountId) => {
        await app.accounts.admin.suspend(actorId, accountId);
      },
      handled: (reporterId, reportId) => {
        void app.notifications.notify({
          topic: 'report',
          event: 'handled',
          recipientIds: [reporterId],
          actorId: null,
          subject: reportId,
          data: {},
          link: '/notifications',
        });
      },
    });
    await app.register(reportsRoutes, {
      prefix: '/api',
      service: reports,
      reportLimit: { max: options.reportsPerDay, timeWindow: 24 * 60 * 60_000 },
    });
  },
  {
    name: 'connect',
    dependencies: [
      'db',
      'auth',
      'realtime',
      'translation',
      'accounts',
      'reach',
      'notifications',
      'muses',
      'records',
      'references',
    ],
    decorators: { fastify: ['translation', 'accounts', 'reach', 'notifications', 'muses', 'things', 'references'] },
  },
);
