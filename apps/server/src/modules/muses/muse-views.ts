import type { Member, Muse, MuseTranslation } from '@tolk/shared/schemas/conversations';
import type { MemberView, MuseRecord, TranslationRow } from './muses.repository';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { baseLanguage } from './translator';
import { photoUrls } from '../uploads';

export function translationFromRow(row: TranslationRow): MuseTranslation {
  return {
    to: row.targetLanguage,
    text: row.text,
    transliteration: row.transliteration,
    engine: row.engine,
    state: row.stale ? 'pending' : row.state,
    reason: row.reason,
    pivot: row.pivot,
  };
}

export const pendingTranslation = (to: string): MuseTranslation => ({
  to,
  text: null,
  transliteration: null,
  engine: null,
  state: 'pending',
  reason: null,
  pivot: null,
});

/** Whether this reader sees the original as it is: same language, or one they read without help. */
/** The muse as it was written, as the version of a reader who needs no translation. */
export const originalVersion = (
  muse: Pick<MuseRecord, 'text' | 'transliteration'>,
  language: string,
): MuseTranslation => ({
  to: language,
  text: muse.text,
  transliteration: muse.transliteration,
  engine: null,
  state: 'skipped',
  reason: null,
  pivot: null,
});

export function readsAsIs(muse: Pick<MuseRecord, 'sourceLanguage'>, language: string, readsWithout: string[] = []) {
  const source = baseLanguage(muse.sourceLanguage);
  return source === baseLanguage(language) || readsWithout.some((l) => baseLanguage(l) === source);
}

/** The muse as a reader of `language` sees it. */
export function museView(
  muse: MuseRecord,
  language: string,
  translation: MuseTranslation | undefined,
  readsWithout: string[] = [],
): Muse {
  const deleted = muse.deletedAt !== null;
  let shown: MuseTranslation | null = null;
  if (!deleted && muse.text) {
    shown = readsAsIs(muse, language, readsWithout)
      ? originalVersion(muse, language)
      : (translation ?? pendingTranslation(language));
  }
  return {
    id: muse.id,
    conversationId: muse.conversationId,
    seq: muse.seq,
    clientId: muse.clientId,
    sender: {
      username: muse.senderUsername,
      displayName: muse.senderDisplayName,
      avatarUrl: avatarUrlOf(muse.senderAvatarId),
      memberId: muse.senderMemberId,
    },
    side: muse.senderSide,
    text: muse.text,
    from: muse.sourceLanguage,
    detectedFrom: muse.detectedLanguage,
    transliteration: muse.transliteration,
    photo: muse.photo && !deleted ? { ...muse.photo, ...photoUrls(muse.photo.id) } : null,
    voice:
      muse.voiceId && !deleted
        ? { id: muse.voiceId, url: `/api/voice/${muse.voiceId}`, durationMs: muse.voiceDurationMs ?? 0 }
        : null,
    createdAt: muse.createdAt.toISOString(),
    editedAt: muse.editedAt?.toISOString() ?? null,
    deleted,
    translation: shown,
  };
}

export function memberView(member: MemberView): Member {
  return {
    username: member.username,
    displayName: member.displayName,
    avatarUrl: avatarUrlOf(member.avatarId),
    role: member.role,
    readingLanguage: member.readingLanguage,
    readsWithout: member.readsWithout,
    lastReadSeq: member.lastReadSeq,
  };
}
