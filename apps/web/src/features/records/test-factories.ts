import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Person } from '@tolk/shared/schemas/persons';
import type { Place } from '@tolk/shared/schemas/places';
import type { Thing } from '@tolk/shared/schemas/things';

export const PERSON_ID = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const PLACE_ID = '2e3d4c5b-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const THING_ID = '3f4e5d6c-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
export const ACCOUNT_ID = '4a5f6e7d-8b9c-4d0e-9f2a-3b4c5d6e7f8a';
const STAMP = '2026-05-01T10:00:00.000Z';

export function aPhoto(id = '5b6a7f8e-9c0d-4e1f-8a3b-4c5d6e7f8a9b'): Photo {
  return { id, url: `/api/uploads/${id}`, thumbUrl: `/api/uploads/${id}/thumb`, width: 800, height: 600 };
}

/** Someone met in Lisbon, on Tolk as "joao". */
export function aPerson(overrides: Partial<Person> = {}): Person {
  return {
    id: PERSON_ID,
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
    name: 'João Silva',
    description: 'Fado singer, knows every tasca in Alfama.',
    note: 'Owes me a coffee.',
    photo: null,
    metPlace: { id: PLACE_ID, name: 'Tasca do Chico' },
    metWhere: 'at the counter',
    metOn: '2026-04-12',
    languages: ['pt', 'en'],
    account: { id: ACCOUNT_ID, username: 'joao', displayName: 'João', avatarUrl: null },
    ...overrides,
  };
}

export function aPlace(overrides: Partial<Place> = {}): Place {
  return {
    id: PLACE_ID,
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
    name: 'Tasca do Chico',
    kind: 'food',
    address: 'Rua do Diário de Notícias 39',
    lat: 38.71167,
    lon: -9.14417,
    city: { id: 2267057, name: 'Lisbon', region: 'Lisboa', country: 'PT', lat: 38.71667, lon: -9.13333 },
    photo: null,
    note: 'Fado on Mondays.',
    rating: 4,
    ...overrides,
  };
}

export function aThing(overrides: Partial<Thing> = {}): Thing {
  return {
    id: THING_ID,
    version: 3,
    createdAt: STAMP,
    updatedAt: STAMP,
    name: 'Guided walk through Alfama',
    description: 'Two hours, with stories and a glass of ginjinha.',
    descriptionLanguage: 'en',
    photos: [],
    priceMinor: 1250,
    currency: 'EUR',
    unit: 'person',
    availability: 'available',
    visibility: 'offered',
    ...overrides,
  };
}
