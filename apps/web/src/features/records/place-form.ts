import type { Path } from 'react-hook-form';
import type { Problem } from '../../ui/form-errors';
import type { CityChoice } from '@tolk/shared/schemas/cities';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { PLACE_KINDS, type Place, type PlaceInput, type PlaceKind } from '@tolk/shared/schemas/places';

export interface PlaceForm {
  name: string;
  kind: PlaceKind;
  address: string;
  /** With its centre: the map shows a city just chosen, and a point far from it is questioned. */
  city: CityChoice | null;
  /** "48.85660, 2.35220": set by a tap on the map, or typed; '' for none. */
  coordinates: string;
  /** '1' to '5' as the radio buttons hold it, '' for no rating. */
  rating: string;
  photos: Photo[];
  note: string;
}

export const NEW_PLACE: PlaceForm = {
  name: '',
  kind: 'other',
  address: '',
  city: null,
  coordinates: '',
  rating: '',
  photos: [],
  note: '',
};

export const PLACE_KIND_KEYS: Record<PlaceKind, string> = {
  city: 'records.places.kinds.city',
  stay: 'records.places.kinds.stay',
  food: 'records.places.kinds.food',
  sight: 'records.places.kinds.sight',
  other: 'records.places.kinds.other',
};
export { PLACE_KINDS };

export interface Point {
  lat: number;
  lon: number;
}

/** Five decimals: about a metre, finer than a finger on a map. */
export const pointText = ({ lat, lon }: Point) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

/**
 * Coordinates as typed ("48.8566, 2.3522", or with a space between): the point, null for none,
 * undefined when it is not a pair of coordinates on Earth.
 */
export function parsePoint(text: string): Point | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)$/.exec(trimmed);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

export function toPlaceForm(place: Place): PlaceForm {
  return {
    name: place.name,
    kind: place.kind,
    address: place.address,
    city: place.city,
    coordinates: place.lat !== null && place.lon !== null ? pointText({ lat: place.lat, lon: place.lon }) : '',
    rating: place.rating === null ? '' : String(place.rating),
    photos: place.photo ? [place.photo] : [],
    note: place.note,
  };
}

/** What POST and PUT /api/places take; coordinates that are not any are the form's own problem. */
export function toPlaceInput(form: PlaceForm): { input: PlaceInput; problems: { coordinates?: Problem } } {
  const point = parsePoint(form.coordinates);
  return {
    input: {
      name: form.name,
      kind: form.kind,
      address: form.address,
      lat: point?.lat ?? null,
      lon: point?.lon ?? null,
      cityId: form.city?.id ?? null,
      photoId: form.photos[0]?.id ?? null,
      note: form.note,
      rating: form.rating ? Number(form.rating) : null,
    },
    problems: point === undefined ? { coordinates: { key: 'records.places.coordinatesInvalid' } } : {},
  };
}

/** A place as the API would take it again: an undone delete adds it back from this. */
export const placeInputOf = (place: Place) => toPlaceInput(toPlaceForm(place)).input;

export function placeFieldOf(apiField: string): Path<PlaceForm> | undefined {
  const head = apiField.split('.')[0] ?? '';
  if (head === 'lat' || head === 'lon') return 'coordinates';
  if (head === 'cityId') return 'city';
  if (head === 'photoId') return 'photos';
  const same: readonly Path<PlaceForm>[] = ['name', 'kind', 'address', 'note', 'rating'];
  return same.find((field) => field === head);
}
