import { describe, expect, it } from 'vitest';
import { placeInputSchema } from '@tolk/shared/schemas/places';
import { NEW_PLACE, parsePoint, placeFieldOf, placeInputOf, toPlaceForm, toPlaceInput } from './place-form';
import { aPlace } from './test-factories';

describe('the place form', () => {
  it('reads coordinates as people copy them', () => {
    expect(parsePoint('48.8566, 2.3522')).toEqual({ lat: 48.8566, lon: 2.3522 });
    expect(parsePoint('-33.9 151.2')).toEqual({ lat: -33.9, lon: 151.2 });
    expect(parsePoint('  ')).toBeNull();
    expect(parsePoint('91, 0')).toBeUndefined();
    expect(parsePoint('Paris')).toBeUndefined();
  });

  it('turns a place back into what the API takes, unchanged', () => {
    const place = aPlace({
      photo: { id: '5b6a7f8e-9c0d-4e1f-8a3b-4c5d6e7f8a9b', url: 'u', thumbUrl: 't', width: 1, height: 1 },
    });
    const input = placeInputOf(place);
    expect(input).toEqual({
      name: 'Tasca do Chico',
      kind: 'food',
      address: 'Rua do Diário de Notícias 39',
      lat: 38.71167,
      lon: -9.14417,
      cityId: 2267057,
      photoId: '5b6a7f8e-9c0d-4e1f-8a3b-4c5d6e7f8a9b',
      note: 'Fado on Mondays.',
      rating: 4,
    });
    expect(placeInputSchema.safeParse(input).success).toBe(true);
  });

  it('says coordinates that are not any are wrong, and sends none when there are none', () => {
    expect(toPlaceInput({ ...NEW_PLACE, name: 'x', coordinates: 'north' }).problems.coordinates).toBeDefined();
    const { input, problems } = toPlaceInput({ ...toPlaceForm(aPlace()), coordinates: '' });
    expect(problems).toEqual({});
    expect([input.lat, input.lon]).toEqual([null, null]);
  });

  it('shows the API’s fields on the form’s', () => {
    expect(placeFieldOf('lon')).toBe('coordinates');
    expect(placeFieldOf('cityId')).toBe('city');
    expect(placeFieldOf('photoId')).toBe('photos');
    expect(placeFieldOf('rating')).toBe('rating');
    expect(placeFieldOf('version')).toBeUndefined();
  });
});
