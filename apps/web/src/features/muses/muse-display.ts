import type { Conversation, Muse, MuseDetail, MuseTranslation } from '@tolk/shared/schemas/conversations';
import type { TFunction } from 'i18next';
import { formatClockTime, personName } from '../../lib/format';

/** What a muse row shows to its reader, decided once from the muse and the reader's choice. */
export interface MuseView {
  /** The text shown: the translation when there is a usable one and the reader did not ask for the original. */
  text: string;
  transliteration: string | null;
  /** The reader can switch between the translation and the original. */
  canToggle: boolean;
  showingOriginal: boolean;
  /** Still translating: the original is shown until the update arrives. */
  translating: boolean;
  /** No engine could translate: the original is shown with why. */
  unavailable: { from: string; to: string; reason: string | null } | undefined;
}

export function museView(muse: Muse, wantOriginal: boolean): MuseView {
  const original: MuseView = {
    text: muse.text,
    transliteration: muse.transliteration,
    canToggle: false,
    showingOriginal: true,
    translating: false,
    unavailable: undefined,
  };
  const translation = muse.translation;
  if (muse.deleted || !translation) return original;
  switch (translation.state) {
    case 'skipped':
      return original;
    case 'pending':
      return { ...original, translating: true };
    case 'unavailable':
      return {
        ...original,
        unavailable: { from: muse.from, to: translation.to, reason: translation.reason ?? null },
      };
    case 'ready':
      // A ready translation without text is a server fault; show the original rather than nothing.
      if (translation.text === null) return original;
      if (wantOriginal) return { ...original, canToggle: true };
      return {
        ...original,
        text: translation.text,
        transliteration: translation.transliteration,
        canToggle: true,
        showingOriginal: false,
      };
  }
}

const EXCERPT_MAX = 60;

/**
 * What a delete confirmation says it removes: the muse by its first words as written (its
 * sender is the one deleting), or as a photo when it has no words.
 */
export function deleteSubject(muse: Pick<Muse, 'text'>, t: TFunction): string {
  const words = muse.text.trim().replace(/\s+/g, ' ');
  if (!words) return t('muses.deletePhotoSubject');
  const signs = Array.from(words);
  const excerpt =
    signs.length > EXCERPT_MAX
      ? `${signs
          .slice(0, EXCERPT_MAX - 1)
          .join('')
          .trimEnd()}…`
      : words;
  return t('muses.deleteSubject', { excerpt });
}

/** A group's title, else the other members' names (a one-to-one chat is named after the other person). */
export function conversationTitle(conversation: Pick<Conversation, 'kind' | 'title' | 'members'>, me: string): string {
  if (conversation.kind !== 'direct' && conversation.title.trim()) return conversation.title.trim();
  const others = conversation.members.filter((member) => member.username !== me);
  const names = (others.length ? others : conversation.members).map(personName);
  return names.join(', ') || conversation.title;
}

/** Today: the time of day (as every clock time is written); this year: day and month; else the full date. */
export function formatMuseTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return formatClockTime(date, language);
  const options: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear()
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}

/** Every version once, by target language; the newest copy of a language wins. */
export function versionsOf(detail: Pick<MuseDetail, 'translation' | 'translations' | 'from'>): MuseTranslation[] {
  const byLanguage = new Map<string, MuseTranslation>();
  if (detail.translation) byLanguage.set(detail.translation.to, detail.translation);
  for (const version of detail.translations) byLanguage.set(version.to, version);
  // The original is shown already: no "English to English" version beside it.
  const source = baseOf(detail.from);
  return [...byLanguage.values()].filter((version) => baseOf(version.to) !== source);
}

const baseOf = (language: string) => language.toLowerCase().split('-')[0] ?? language;
