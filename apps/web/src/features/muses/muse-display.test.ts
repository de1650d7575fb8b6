import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { readersOfMyNewest } from './components/muse-log';
import { endonym, engineName, languageName } from '../../lib/language-names';
import { formatClockTime } from '../../lib/format';
import { conversationTitle, deleteSubject, formatMuseTime, versionsOf } from './muse-display';
import { aConversation, aMuse, aTranslation } from './test-factories';
import { EMPTY_THREAD } from './thread-state';

describe('conversationTitle', () => {
  it('names a one-to-one chat after the other person', () => {
    expect(conversationTitle(aConversation(), 'kari')).toBe('Lucía');
    expect(conversationTitle(aConversation(), 'lucia')).toBe('Kari');
  });

  it('uses a group’s title, else the other members’ names', () => {
    expect(conversationTitle(aConversation({ kind: 'group', title: ' Trip to Lisbon ' }), 'kari')).toBe(
      'Trip to Lisbon',
    );
    expect(conversationTitle(aConversation({ kind: 'group', title: '' }), 'kari')).toBe('Lucía');
  });
});

describe('formatMuseTime', () => {
  const now = new Date(2026, 4, 10, 21, 0);

  it('gives today’s muses the clock time every screen writes ("7:40 PM", not "07:40 PM"), older ones their day', () => {
    const evening = new Date(2026, 4, 10, 19, 40).toISOString();
    expect(formatMuseTime(evening, 'en', now)).toMatch(/^7:40\sPM$/);
    expect(formatMuseTime(evening, 'en', now)).toBe(formatClockTime(evening, 'en'));
    expect(formatMuseTime(evening, 'es', now)).toBe('19:40');
    expect(formatMuseTime(new Date(2026, 0, 3, 8, 0).toISOString(), 'en', now)).toBe('Jan 3');
    expect(formatMuseTime(new Date(2025, 0, 3, 8, 0).toISOString(), 'en', now)).toBe('Jan 3, 2025');
  });
});

describe('deleteSubject', () => {
  const t = ((key: string, values?: { excerpt?: string }) =>
    values?.excerpt === undefined ? key : `${key}: ${values.excerpt}`) as unknown as TFunction;

  it('names the muse by its first words, a long one cut with an ellipsis, a photo as a photo', () => {
    expect(deleteSubject({ text: '  See you\n at 8 ' }, t)).toBe('muses.deleteSubject: See you at 8');
    const long = deleteSubject({ text: 'word '.repeat(30) }, t);
    expect(long).toMatch(/^muses\.deleteSubject: (word ){11}word…$/);
    expect(Array.from(long.split(': ')[1]!).length).toBeLessThanOrEqual(60);
    expect(deleteSubject({ text: '' }, t)).toBe('muses.deletePhotoSubject');
  });
});

describe('readersOfMyNewest ("Read by")', () => {
  const conversation = (lastReadSeq: number) =>
    aConversation({
      members: aConversation().members.map((member) =>
        member.username === 'lucia' ? { ...member, lastReadSeq } : member,
      ),
    });
  const state = {
    ...EMPTY_THREAD,
    muses: [
      aMuse(1),
      aMuse(2, { sender: { username: 'lucia', displayName: 'Lucía', memberId: 'member-lucia' } }),
      aMuse(3),
    ],
  };

  it('names those who read up to my newest muse, under that muse', () => {
    expect(readersOfMyNewest(state, conversation(3), 'kari')).toEqual({ museId: aMuse(3).id, names: ['Lucía'] });
  });

  it('says nothing until someone has read it', () => {
    expect(readersOfMyNewest(state, conversation(2), 'kari')).toBeUndefined();
  });
});

describe('versionsOf', () => {
  it('lists each language once, the reader’s own version included', () => {
    const versions = versionsOf({
      from: 'en',
      translation: aTranslation({ to: 'es', text: 'Hola' }),
      translations: [aTranslation({ to: 'de', text: 'Hallo' }), aTranslation({ to: 'es', text: 'Hola' })],
    });
    expect(versions.map((version) => version.to).sort()).toEqual(['de', 'es']);
  });

  it('leaves out a version in the muse’s own language (the original is shown already)', () => {
    const versions = versionsOf({
      from: 'en-GB',
      translation: aTranslation({ to: 'en', text: 'Hello', state: 'skipped' }),
      translations: [aTranslation({ to: 'es', text: 'Hola' })],
    });
    expect(versions.map((version) => version.to)).toEqual(['es']);
  });
});

describe('languageName', () => {
  it('names a language in the interface language inside sentences, in itself in pickers', () => {
    expect(languageName('en', 'es')).toBe('inglés');
    expect(languageName('ru', 'ar')).toBe('الروسية');
    expect(languageName('ja', 'de')).toBe('Japanisch');
    expect(endonym('es')).toBe('Español');
    expect(endonym('pt-BR')).toBe('Português');
    expect(endonym('xx')).toBe('xx');
  });
});

describe('engineName', () => {
  it('names an engine by its product name on every screen', () => {
    expect(engineName('apertium')).toBe('Apertium');
    expect(engineName('deepl')).toBe('DeepL');
  });
});
