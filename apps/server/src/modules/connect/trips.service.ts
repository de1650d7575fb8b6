import { LOCAL_RADIUS_KM, type Trip, type TripMeet, type Visitor, type Visitors } from '@tolk/shared/schemas/connect';
import type { z } from 'zod';
import type { tripInputSchema } from '@tolk/shared/schemas/connect';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { fieldError, notFound } from '../../errors';
import { cityById, cityRef } from '../cities';
import type { ConnectService, ConnectViewer } from './connect.service';
import type { PersonRow } from './connect.repository';
import type { ReaderTexts } from '../translation';
import type { TripRow, TripsRepository, TripValues } from './trips.repository';
import type { MeetRequestsRepository } from './meet-requests.repository';

type TripInput = z.output<typeof tripInputSchema>;
type Owner = Pick<PersonRow, 'id' | 'username' | 'displayName' | 'avatarId'>;

/**
 * Trips ("Travel & meet"): a member's plans, and whom each meets: locals of the city and other
 * travellers there at the same time; locals see who is coming. Notes read in the reader's language.
 * Each says whether I asked them to meet on my trip (`asked`) and they me on theirs (`askedMe`).
 */
export function createTripsService(deps: {
  repo: TripsRepository;
  connect: Pick<ConnectService, 'cards' | 'viewerProfile'>;
  readerTexts: ReaderTexts;
  detect: (text: string, fallback: string) => string;
  /** Who asked whom to meet on which trip. */
  requests: Pick<MeetRequestsRepository, 'askedOn' | 'askedMeOn'>;
}) {
  const { repo, connect, readerTexts, requests } = deps;

  async function views(rows: { trip: TripRow; owner: Owner }[], viewer: ConnectViewer): Promise<Trip[]> {
    const notes = await readerTexts(
      rows.map(({ trip }) => (trip.note ? { text: trip.note, language: trip.noteLanguage } : null)),
      viewer.language,
    );
    return rows.flatMap(({ trip, owner }, index) => {
      const city = cityById(trip.cityId);
      if (!city) return [];
      return [
        {
          id: trip.id,
          owner: {
            id: owner.id,
            username: owner.username,
            displayName: owner.displayName,
            avatarUrl: avatarUrlOf(owner.avatarId),
          },
          city: cityRef(city),
          arrival: trip.arrival,
          departure: trip.departure,
          note: notes[index] ?? null,
          visibility: trip.visibility,
        },
      ];
    });
  }

  function valuesOf(input: TripInput, viewer: ConnectViewer): TripValues {
    const city = cityById(input.cityId);
    if (!city) throw fieldError('cityId', SERVER_MESSAGES.notACity);
    return {
      cityId: city.id,
      lat: city.lat,
      lon: city.lon,
      arrival: input.arrival,
      departure: input.departure,
      note: input.note,
      noteLanguage: input.note ? deps.detect(input.note, viewer.language) : '',
      visibility: input.visibility,
    };
  }

  async function travellersOf(
    rows: Awaited<ReturnType<TripsRepository['travellers']>>,
    viewer: ConnectViewer,
  ): Promise<Visitor[]> {
    const me = await connect.viewerProfile(viewer);
    const [cards, trips] = await Promise.all([
      connect.cards(
        rows.map((row) => row.person),
        me,
        viewer,
      ),
      views(
        rows.map((row) => ({ trip: row.trip, owner: row.person })),
        viewer,
      ),
    ]);
    const askedMe = await requests.askedMeOn(
      viewer,
      rows.map((row) => row.trip.id),
    );
    return cards.map((person, index) => {
      const trip = trips[index]!;
      return { person, trip, askedMe: askedMe.has(trip.id) };
    });
  }

  const self = async (viewer: ConnectViewer): Promise<Owner> => {
    const me = await connect.viewerProfile(viewer);
    return { ...me.self, avatarId: me.avatarId };
  };

  return {
    async mine(viewer: ConnectViewer) {
      const owner = await self(viewer);
      return {
        trips: await views(
          (await repo.mine(viewer)).map((trip) => ({ trip, owner })),
          viewer,
        ),
      };
    },

    async create(viewer: ConnectViewer, input: TripInput) {
      const trip = await repo.create(viewer, valuesOf(input, viewer));
      return (await views([{ trip, owner: await self(viewer) }], viewer))[0]!;
    },

    async update(viewer: ConnectViewer, id: string, input: TripInput) {
      const trip = await repo.update(viewer, id, valuesOf(input, viewer));
      if (!trip) throw notFound('Trip');
      return (await views([{ trip, owner: await self(viewer) }], viewer))[0]!;
    },

    async remove(viewer: ConnectViewer, id: string) {
      if (!(await repo.remove(viewer, id))) throw notFound('Trip');
    },

    /** One of my trips with the locals of its city and the travellers there at the same time. */
    async meet(viewer: ConnectViewer, id: string): Promise<TripMeet> {
      const trip = await repo.find(viewer, id);
      if (!trip) throw notFound('Trip');
      const me = await connect.viewerProfile(viewer);
      const [[view], localRows, travellerRows, asked] = await Promise.all([
        views([{ trip, owner: await self(viewer) }], viewer),
        repo.locals(viewer, me.home, trip, LOCAL_RADIUS_KM),
        repo.travellers(viewer, me.home, trip.cityId, trip.arrival, trip.departure),
        requests.askedOn(viewer, trip.id),
      ]);
      const [locals, travellers] = await Promise.all([
        connect.cards(localRows, me, viewer),
        travellersOf(travellerRows, viewer),
      ]);
      return {
        trip: view!,
        locals: locals.map((person) => ({ ...person, asked: asked.has(person.id) })),
        travellers: travellers.map((traveller) => ({ ...traveller, asked: asked.has(traveller.person.id) })),
      };
    },

    /** Who is coming to my city, soonest first (nobody when I have no home city). */
    async visitors(viewer: ConnectViewer): Promise<Visitors> {
      const me = await connect.viewerProfile(viewer);
      if (!me.home) return { visitors: [] };
      return { visitors: await travellersOf(await repo.visitors(viewer, me.home, LOCAL_RADIUS_KM), viewer) };
    },
  };
}

export type TripsService = ReturnType<typeof createTripsService>;
