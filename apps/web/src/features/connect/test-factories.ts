import type {
  Connection,
  Connections,
  PersonCard,
  PersonDetail,
  ReaderText,
  Report,
  Trip,
} from '@tolk/shared/schemas/connect';

export const LUCIA_ID = '6f1c2b4a-5d6e-4c1e-9f61-0b7f1c9e1d2a';

export function aReaderText(overrides: Partial<ReaderText> = {}): ReaderText {
  return {
    original: 'Hola, soy de Madrid y me encanta el senderismo.',
    from: 'es',
    to: 'en',
    text: 'Hi, I am from Madrid and I love hiking.',
    transliteration: null,
    state: 'ready',
    ...overrides,
  };
}

export function aPerson(overrides: Partial<PersonCard> = {}): PersonCard {
  return {
    id: LUCIA_ID,
    username: 'lucia',
    displayName: 'Lucía',
    avatarUrl: null,
    age: 31,
    city: { id: 3117735, name: 'Madrid', country: 'ES' },
    distanceKm: 12,
    languagesSpoken: [{ code: 'es', level: 'native' }],
    languagesLearning: ['en'],
    interests: ['hiking', 'photography', 'coffee'],
    sharedInterests: ['hiking'],
    teachesMe: true,
    learnsMine: true,
    bio: aReaderText(),
    references: { total: 0, positive: 0 },
    activity: 'today',
    connection: 'none',
    ...overrides,
  };
}

export function aPersonDetail(overrides: Partial<PersonDetail> = {}): PersonDetail {
  return { ...aPerson(), trips: [], canMessage: true, requestNote: null, offers: [], ...overrides };
}

export function aConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '0b7f1c9e-1d2a-4c1e-9f61-3f1c2b4a5d6e',
    person: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', avatarUrl: null },
    state: 'pending',
    direction: 'incoming',
    note: null,
    createdAt: new Date().toISOString(),
    respondedAt: null,
    ...overrides,
  };
}

export const NO_CONNECTIONS: Connections = { connected: [], incoming: [], outgoing: [] };

export const ME_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const TRIP_ID = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';

/** A trip of mine (owner: me) to Lisbon, upcoming, with a note in my language. */
export function aTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: TRIP_ID,
    owner: { id: ME_ID, username: 'anna', displayName: 'Anna', avatarUrl: null },
    city: { id: 2267057, name: 'Lisbon', country: 'PT' },
    arrival: '2099-07-03',
    departure: '2099-07-10',
    note: aReaderText({ original: 'First time in Lisbon!', from: 'en', to: 'en', text: null, state: 'same' }),
    visibility: 'everyone',
    ...overrides,
  };
}

export function aReport(overrides: Partial<Report> = {}): Report {
  return {
    id: '7e6d5c4b-3a29-4817-8695-a4b3c2d1e0f9',
    tenant: 'public',
    targetKind: 'profile',
    targetId: LUCIA_ID,
    reason: 'harassment',
    note: 'Keeps sending me rude messages.',
    content: 'Lucía\nHola, practico inglés.',
    state: 'open',
    resolution: null,
    reporter: { id: ME_ID, username: 'anna', displayName: 'Anna' },
    subject: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', suspended: false },
    createdAt: new Date().toISOString(),
    resolvedAt: null,
    ...overrides,
  };
}
