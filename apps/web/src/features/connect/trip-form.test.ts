import { describe, expect, it } from 'vitest';
import { localToday, NEW_TRIP, splitTrips, toTripForm, toTripInput, tripFieldOf } from './trip-form';
import { aReaderText, aTrip } from './test-factories';

const LISBON = { id: 2267057, name: 'Lisbon', country: 'PT' };

describe('the trip form', () => {
  it('sends the city by its id, the days as chosen and the note trimmed', () => {
    expect(
      toTripInput({
        ...NEW_TRIP,
        city: LISBON,
        arrival: '2026-07-03',
        departure: '2026-07-10',
        note: '  First time in Lisbon!  \n',
        visibility: 'connections',
      }),
    ).toEqual({
      cityId: 2267057,
      arrival: '2026-07-03',
      departure: '2026-07-10',
      note: 'First time in Lisbon!',
      visibility: 'connections',
    });
  });

  it('leaves the order of the days to the server, which says which field is wrong', () => {
    const input = toTripInput({ ...NEW_TRIP, city: LISBON, arrival: '2026-07-10', departure: '2026-07-03' });
    expect(input).toMatchObject({ arrival: '2026-07-10', departure: '2026-07-03', note: '', visibility: 'everyone' });
  });

  it('fills in a trip to change with the note as I wrote it, not as translated', () => {
    const trip = aTrip({
      note: aReaderText({ original: 'Primera vez en Lisboa', text: 'First time in Lisbon' }),
      visibility: 'hidden',
    });
    expect(toTripForm(trip)).toEqual({
      city: trip.city,
      arrival: trip.arrival,
      departure: trip.departure,
      note: 'Primera vez en Lisboa',
      visibility: 'hidden',
    });
    expect(toTripForm(aTrip({ note: null })).note).toBe('');
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(tripFieldOf('cityId')).toBe('city');
    expect(tripFieldOf('departure')).toBe('departure');
    expect(tripFieldOf('note')).toBe('note');
    expect(tripFieldOf('owner')).toBeUndefined();
  });
});

describe('my trips', () => {
  it('splits into still to come (today included) and over', () => {
    const over = aTrip({ id: 'a', arrival: '2026-05-01', departure: '2026-05-09' });
    const endsToday = aTrip({ id: 'b', arrival: '2026-05-05', departure: '2026-05-10' });
    const later = aTrip({ id: 'c', arrival: '2026-06-01', departure: '2026-06-02' });
    const { upcoming, past } = splitTrips([endsToday, later, over], '2026-05-10');
    expect(upcoming.map((trip) => trip.id)).toEqual(['b', 'c']);
    expect(past.map((trip) => trip.id)).toEqual(['a']);
  });

  it('counts days where the member is, not in UTC', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
