import { LOCAL_RADIUS_KM, type MeetRequest } from '@tolk/shared/schemas/connect';
import { AppError, notFound } from '../../errors';
import { cityById } from '../cities';
import type { ConnectViewer } from './connect.service';
import type { MeetRequestRow, MeetRequestsRepository } from './meet-requests.repository';
import type { TripRow, TripsRepository } from './trips.repository';
import { today } from './trips.repository';

/** What the invitee is told: who asked, on which trip, to which city. */
export interface MeetAsked {
  requesterId: string;
  inviteeId: string;
  trip: TripRow;
  cityName: string;
}

const view = (row: MeetRequestRow): MeetRequest => ({
  tripId: row.tripId,
  accountId: row.inviteeId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Asking to meet on a trip: the trip's owner asks someone it meets (a local of its city, a
 * traveller there at the same time) to meet during it. Anyone else, a member the owner may not
 * reach, and a trip not theirs are all "not found", so asking probes nothing: not whether an
 * account exists, nor whether it blocked them.
 */
export function createMeetRequestsService(deps: {
  trips: Pick<TripsRepository, 'find'>;
  repo: MeetRequestsRepository;
  /** The reach rule (reach module): may the owner reach this member at all. */
  mayReach: (viewer: ConnectViewer, accountId: string) => Promise<boolean>;
  /** Told once per request, after it is stored. */
  asked: (request: MeetAsked) => void;
}) {
  const { repo } = deps;

  async function myTrip(viewer: ConnectViewer, tripId: string) {
    const trip = await deps.trips.find(viewer, tripId);
    if (!trip) throw notFound('Trip');
    return trip;
  }

  return {
    /** Asks; asking again answers the request already made and tells nobody again. */
    async ask(viewer: ConnectViewer, tripId: string, accountId: string): Promise<MeetRequest> {
      const trip = await myTrip(viewer, tripId);
      if (trip.departure < today()) throw new AppError('conflict', 'This trip is over: there is no one to meet on it.');
      const city = cityById(trip.cityId);
      const allowed =
        accountId !== viewer.accountId &&
        city !== undefined &&
        (await deps.mayReach(viewer, accountId)) &&
        (await repo.meets(viewer, trip, accountId, LOCAL_RADIUS_KM));
      if (!allowed) throw notFound('Person');
      const existing = await repo.find(viewer, tripId, accountId);
      if (existing) return view(existing);
      const made = await repo.ask(viewer, tripId, accountId);
      if (made) {
        deps.asked({ requesterId: viewer.accountId, inviteeId: accountId, trip, cityName: city.name });
        return view(made);
      }
      // Asked at the same moment by another request of the owner's: that one told them.
      const raced = await repo.find(viewer, tripId, accountId);
      if (!raced) throw new AppError('conflict', 'The request could not be made; try again.');
      return view(raced);
    },

    async withdraw(viewer: ConnectViewer, tripId: string, accountId: string): Promise<void> {
      await myTrip(viewer, tripId);
      if (!(await repo.withdraw(viewer, tripId, accountId))) throw notFound('Request');
    },
  };
}

export type MeetRequestsService = ReturnType<typeof createMeetRequestsService>;
