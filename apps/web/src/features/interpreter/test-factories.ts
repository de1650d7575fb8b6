import type { Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';

export const PLAZA_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

export function aTranslation(overrides: Partial<MuseTranslation> = {}): MuseTranslation {
  return {
    to: 'es',
    text: 'Buenos días, mi amigo',
    transliteration: null,
    engine: 'apertium',
    state: 'ready',
    reason: null,
    pivot: null,
    ...overrides,
  };
}

export function aMuse(seq: number, overrides: Partial<Muse> = {}): Muse {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    conversationId: PLAZA_ID,
    seq,
    clientId: `client-${seq}-xxxxxxxx`,
    sender: { username: 'guest', displayName: 'Guest', memberId: 'member-host' },
    side: 'user',
    text: 'Good morning, my friend',
    from: 'en',
    detectedFrom: null,
    transliteration: null,
    photo: null,
    voice: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    translation: null,
    ...overrides,
  };
}

export function aMuseDetail(seq: number, translations: MuseTranslation[], overrides: Partial<Muse> = {}): MuseDetail {
  return { ...aMuse(seq, overrides), translations };
}
