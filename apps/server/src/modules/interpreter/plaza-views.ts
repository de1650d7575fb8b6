import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import type { Plaza } from '@tolk/shared/schemas/plazas';
import type { ConversationRow, MemberRow, MemberView } from '../muses';
import type { Visitor } from '../../plugins/auth';

// How a plaza row reads to the API: its languages, its title, and what a viewer is told of it.

/** The title a plaza gets when nobody names it; it follows the languages when they change. */
export const defaultTitle = (userLanguage: string, audienceLanguage: string) =>
  `${userLanguage.toUpperCase()} ⇄ ${audienceLanguage.toUpperCase()}`;
/** The audience's language as the API says it: DETECT_LANGUAGE while it is not known yet (stored as null). */
export const audienceOf = (conversation: Pick<ConversationRow, 'audienceLanguage'>) =>
  conversation.audienceLanguage ?? DETECT_LANGUAGE;
export const storedAudience = (language: string) => (language === DETECT_LANGUAGE ? null : language);
/** The plaza's languages known so far: what its muses are shown in. */
export const knownLanguages = (conversation: ConversationRow) =>
  [conversation.userLanguage, conversation.audienceLanguage].filter((l): l is string => !!l);

/** A guest's access ends with their token; a member's only if the plaza itself expires. */
export interface Viewer {
  guest: boolean;
  tokenExpiresAt: Date | null;
}
export const viewerOf = (caller: Visitor): Viewer => ({
  guest: caller.kind !== 'member',
  // A guest's access ends with their token, even in a member's kept plaza.
  tokenExpiresAt: caller.kind === 'guest' ? caller.expiresAt : null,
});

function expiryFor(conversation: ConversationRow, viewer: Viewer) {
  const plazaEnds = conversation.expiresAt;
  const accessEnds = viewer.guest ? viewer.tokenExpiresAt : null;
  // Tokens carry whole seconds: a token made for the plaza's own expiry ends with the plaza.
  if (accessEnds && (!plazaEnds || accessEnds.getTime() < plazaEnds.getTime() - 1000)) {
    return { expiry: 'access' as const, expiresAt: accessEnds };
  }
  return plazaEnds
    ? { expiry: 'conversation' as const, expiresAt: plazaEnds }
    : { expiry: viewer.guest ? ('access' as const) : ('none' as const), expiresAt: null };
}

/** The plaza as one viewer sees it: the host sees the open invite; everyone sees who is in. */
export function plazaView(
  conversation: ConversationRow,
  member: MemberRow,
  viewer: Viewer,
  members: MemberView[],
): Plaza {
  const { expiry, expiresAt } = expiryFor(conversation, viewer);
  const host = member.role === 'owner';
  const inviteOpen =
    conversation.joinCode &&
    !conversation.joinEndedAt &&
    conversation.joinExpiresAt &&
    conversation.joinExpiresAt.getTime() > Date.now();
  return {
    id: conversation.id,
    name: conversation.title,
    userLanguage: conversation.userLanguage ?? 'en',
    audienceLanguage: audienceOf(conversation),
    side: member.side === 'audience' ? 'audience' : 'user',
    memberId: member.id,
    host,
    guest: viewer.guest,
    kept: expiry === 'none',
    expiry,
    expiresAt: expiresAt?.toISOString() ?? null,
    joinCode: host && inviteOpen ? conversation.joinCode : null,
    joinExpiresAt: host && inviteOpen ? (conversation.joinExpiresAt?.toISOString() ?? null) : null,
    participants: members.map((m) => ({
      name: m.displayName || m.username,
      side: m.side === 'audience' ? ('audience' as const) : ('user' as const),
      language: m.readingLanguage,
    })),
    lastSeq: conversation.lastSeq,
  };
}
