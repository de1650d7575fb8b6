import type { Order } from '@tolk/shared/schemas/orders';
import type { OfferedThing } from '@tolk/shared/schemas/things';

export const ORDER_ID = '8a7b6c5d-4e3f-4a1b-9c2d-3e4f5a6b7c8d';
export const THING_ID = '9b8c7d6e-5f4a-4b2c-8d3e-4f5a6b7c8d9e';
export const ANNA = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'anna', displayName: 'Anna' };
export const LUCIA = { id: '6f1c2b4a-5d6e-4c1e-9f61-0b7f1c9e1d2a', username: 'lucia', displayName: 'Lucía' };

/** Lucía's walk through Lavapiés, 25 euros a person, as Anna reads it on Lucía's profile. */
export function anOfferedThing(overrides: Partial<OfferedThing> = {}): OfferedThing {
  return {
    id: THING_ID,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    name: 'Paseo por Lavapiés',
    description: null,
    photos: [],
    priceMinor: 2500,
    currency: 'EUR',
    unit: 'person',
    availability: 'available',
    owner: LUCIA,
    ...overrides,
  };
}

/** Anna's order of two places on Lucía's walk, pending, as Anna (the buyer) reads it. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    state: 'pending',
    version: 1,
    role: 'buyer',
    thing: { id: THING_ID, name: 'Paseo por Lavapiés', unit: 'person', photo: null },
    buyer: ANNA,
    seller: LUCIA,
    quantity: 2,
    unitPriceMinor: 2500,
    totalMinor: 5000,
    feeMinor: 500,
    currency: 'EUR',
    serviceAt: '2030-07-03T08:00:00.000Z',
    note: {
      original: 'We are two friends from Oslo.',
      from: 'en',
      to: 'en',
      text: null,
      transliteration: null,
      state: 'same',
    },
    createdAt: '2026-06-01T09:30:00.000Z',
    updatedAt: '2026-06-01T09:30:00.000Z',
    actions: ['cancel'],
    events: [{ at: '2026-06-01T09:30:00.000Z', state: 'pending', actor: ANNA }],
    ...overrides,
  };
}
