import type { CityRef } from '@tolk/shared/schemas/cities';
import type { TRIP_VISIBILITIES, Trip, TripInput } from '@tolk/shared/schemas/connect';
import { cityFromParams } from './filters';

export type TripVisibility = (typeof TRIP_VISIBILITIES)[number];

/** The trip form as its inputs hold it: the city as the picker shows it, days as the date inputs give them. */
export interface TripForm {
  city: CityRef | null;
  /** YYYY-MM-DD, '' until chosen. */
  arrival: string;
  departure: string;
  note: string;
  visibility: TripVisibility;
}

export const NEW_TRIP: TripForm = { city: null, arrival: '', departure: '', note: '', visibility: 'everyone' };

/** The interface keys naming each visibility, and the one explaining it. */
export const TRIP_VISIBILITY_KEYS: Record<TripVisibility, { label: string; hint: string }> = {
  everyone: { label: 'connect.trips.visibility.everyone', hint: 'connect.trips.visibility.everyoneHint' },
  connections: { label: 'connect.trips.visibility.connections', hint: 'connect.trips.visibility.connectionsHint' },
  hidden: { label: 'connect.trips.visibility.hidden', hint: 'connect.trips.visibility.hiddenHint' },
};

/** A trip of mine back in the form, to change it: the note as I wrote it, not as translated. */
export function toTripForm(trip: Trip): TripForm {
  return {
    city: trip.city,
    arrival: trip.arrival,
    departure: trip.departure,
    note: trip.note?.original ?? '',
    visibility: trip.visibility,
  };
}

/**
 * What POST and PUT /api/connect/trips take: the city by its id and the note trimmed. The order of
 * the days is the server's rule (tripInputSchema) and its answer is shown on the departure field.
 */
export function toTripInput(form: TripForm & { city: CityRef }): TripInput {
  return {
    cityId: form.city.id,
    arrival: form.arrival,
    departure: form.departure,
    note: form.note.trim(),
    visibility: form.visibility,
  };
}

/** A server field (`cityId`, `departure`) as the form's field that shows its error. */
export function tripFieldOf(serverField: string): keyof TripForm | undefined {
  const head = serverField.split('.')[0] ?? '';
  if (head === 'cityId') return 'city';
  const fields: readonly (keyof TripForm)[] = ['arrival', 'departure', 'note', 'visibility'];
  return fields.find((field) => field === head);
}

/** Today as a calendar day where the member is (YYYY-MM-DD), not in UTC. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** My trips as the tab shows them: still to come or under way, and over (departure before today). */
export function splitTrips(trips: readonly Trip[], today: string): { upcoming: Trip[]; past: Trip[] } {
  const upcoming: Trip[] = [];
  const past: Trip[] = [];
  for (const trip of trips) (trip.departure < today ? past : upcoming).push(trip);
  return { upcoming, past };
}

/**
 * The search parameters of a link that opens the Trips tab with a new trip planned to a city
 * (lib/paths.ts `connectPlanTrip`, from a place of mine): its id, name and country.
 */
export const PLAN_PARAMS = ['planCity', 'planCityName', 'planCityCountry'] as const;

/** The city such a link names, or null. */
export const plannedCity = (params: URLSearchParams): CityRef | null => cityFromParams(params, ...PLAN_PARAMS);
