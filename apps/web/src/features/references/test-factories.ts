import type { Reference, ReferenceOccasion, ReferencesPage } from '@tolk/shared/schemas/references';

export const ME = '0a1b2c3d-0000-4000-8000-000000000001';
export const JOAO = {
  id: '0a1b2c3d-0000-4000-8000-000000000002',
  username: 'joao',
  displayName: 'João',
  avatarUrl: null,
};
export const EVA = { id: ME, username: 'eva', displayName: 'Eva', avatarUrl: null };

const NONE = { positive: 0, neutral: 0, negative: 0 };

export function anOccasion(overrides: Partial<ReferenceOccasion> = {}): ReferenceOccasion {
  return {
    about: 'trip:0a1b2c3d-0000-4000-8000-0000000000aa',
    kind: 'meeting',
    other: JOAO,
    title: 'Lisbon',
    rates: false,
    writableFrom: new Date(Date.now() - 86_400_000).toISOString(),
    closesAt: new Date(Date.now() + 5 * 86_400_000 - 60_000).toISOString(),
    written: null,
    theyWrote: false,
    ...overrides,
  };
}

export function aReference(overrides: Partial<Reference> = {}): Reference {
  return {
    id: '0a1b2c3d-0000-4000-8000-0000000000b1',
    kind: 'meeting',
    author: JOAO,
    subject: EVA,
    opinion: 'positive',
    text: {
      text: 'A wonderful guide to Lisbon.',
      original: 'Uma guia maravilhosa de Lisboa.',
      from: 'pt',
      to: 'en',
      state: 'ready',
      transliteration: null,
    },
    rating: null,
    thing: null,
    title: 'Lisbon',
    createdAt: '2026-05-02T10:00:00.000Z',
    reply: null,
    canReply: false,
    ...overrides,
  };
}

export function aPage(overrides: Partial<ReferencesPage> = {}): ReferencesPage {
  return {
    items: [],
    nextCursor: null,
    counts: { meeting: { ...NONE }, order: { ...NONE } },
    rating: { average: null, count: 0 },
    ...overrides,
  };
}
