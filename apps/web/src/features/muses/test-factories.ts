import type { Conversation, Muse, MuseTranslation } from '@tolk/shared/schemas/conversations';

// Test data only: real-looking muses and conversations with as little noise as each test needs.
export const CONVERSATION_ID = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

export function aMuse(seq: number, overrides: Partial<Muse> = {}): Muse {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    conversationId: CONVERSATION_ID,
    seq,
    clientId: `client-${seq}-xxxxxxxx`,
    sender: { username: 'kari', displayName: 'Kari', memberId: 'member-kari' },
    side: null,
    text: `Muse number ${seq}`,
    from: 'en',
    detectedFrom: 'en',
    transliteration: null,
    photo: null,
    voice: null,
    createdAt: new Date(Date.UTC(2025, 5, 1, 10, seq)).toISOString(),
    editedAt: null,
    deleted: false,
    translation: null,
    ...overrides,
  };
}

export function aTranslation(overrides: Partial<MuseTranslation> = {}): MuseTranslation {
  return { to: 'es', text: 'Hola', transliteration: null, engine: 'apertium', state: 'ready', ...overrides };
}

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    kind: 'direct',
    title: '',
    members: [
      {
        username: 'kari',
        displayName: 'Kari',
        role: 'owner',
        readingLanguage: 'en',
        readsWithout: [],
        lastReadSeq: 0,
      },
      {
        username: 'lucia',
        displayName: 'Lucía',
        role: 'member',
        readingLanguage: 'es',
        readsWithout: [],
        lastReadSeq: 0,
      },
    ],
    lastSeq: 0,
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}
