import type { Connection, Connections, PersonCard, PersonDetail, ReaderText } from '@tolk/shared/schemas/connect';

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
    activity: 'today',
    connection: 'none',
    ...overrides,
  };
}

export function aPersonDetail(overrides: Partial<PersonDetail> = {}): PersonDetail {
  return { ...aPerson(), trips: [], canMessage: true, requestNote: null, ...overrides };
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
