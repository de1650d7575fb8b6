import { memberRoom } from '../../plugins/realtime';
import type { ConversationRow } from './muses.repository';
import { baseLanguage } from './translator';

/**
 * The rooms of a conversation's sockets, named here only (delivery.ts sends to them, the socket
 * handlers put sockets in them). A socket's own rooms (its account, session and membership row)
 * are the realtime plugin's.
 */

/** Everyone showing the conversation: typing, read marks, presence, deletions, endings. */
export const conversationRoom = (conversationId: string) => `c:${conversationId}`;
/** Readers who read it in `language`: each gets the muse already in that language. */
export const languageRoom = (conversationId: string, language: string) => `c:${conversationId}:l:${language}`;
/** Readers who read `language` (a base language: en, not en-GB) unaided, whatever they read in. */
export const readsAsIsRoom = (conversationId: string, language: string) => `c:${conversationId}:r:${language}`;

/**
 * Of the rooms a socket sits in, those of one conversation, however its reading settings put it
 * there (reading rooms change while it shows the conversation), with its membership room.
 */
export function conversationRoomsAmong(conversationId: string, memberId: string | undefined, rooms: Iterable<string>) {
  const own = conversationRoom(conversationId);
  return [...rooms].filter(
    (room) => room === own || room.startsWith(`${own}:`) || (memberId !== undefined && room === memberRoom(memberId)),
  );
}

type RoomConversation = Pick<ConversationRow, 'id' | 'kind' | 'userLanguage' | 'audienceLanguage'>;
interface RoomMember {
  id: string;
  readingLanguage: string;
  readsWithout: string[];
}

/** The base languages a reader reads unaided besides the one they read in, sorted and distinct. */
export function unaided(readingLanguage: string, readsWithout: readonly string[]): string[] {
  const own = baseLanguage(readingLanguage);
  return [...new Set(readsWithout.map(baseLanguage))].filter((language) => language !== own).sort();
}

/**
 * A plaza screen shows both sides, so it reads in both of its languages (and nothing unaided);
 * only the host's while the audience's is still to be detected.
 */
export function plazaLanguages(conversation: RoomConversation): string[] | null {
  if (conversation.kind !== 'plaza' || !conversation.userLanguage) return null;
  return [conversation.userLanguage, conversation.audienceLanguage].filter(
    (language): language is string => !!language,
  );
}

/**
 * The rooms a member's socket sits in while it shows the conversation: the conversation
 * (typing, read, presence, deletions), its reading language, one room per language it reads
 * unaided (so fan-out can hand it the original), and its membership row (to move or evict it).
 */
export function readerRooms(conversation: RoomConversation, member: RoomMember): string[] {
  const id = conversation.id;
  const plaza = plazaLanguages(conversation);
  const languages = plaza
    ? plaza.map((language) => languageRoom(id, language))
    : [
        languageRoom(id, member.readingLanguage),
        ...unaided(member.readingLanguage, member.readsWithout).map((language) => readsAsIsRoom(id, language)),
      ];
  return [conversationRoom(id), ...languages, memberRoom(member.id)];
}

export interface FanOutPlan {
  /** The muse's base language. */
  source: string;
  /** Languages to translate into: each read by at least one member who cannot read the source. */
  targets: string[];
  /** Reading-language rooms to send to, and whether that room reads the original as it is. */
  rooms: { language: string; original: boolean }[];
  /** Someone reads the source unaided in another language: they sit in readsAsIsRoom(source). */
  unaidedReaders: boolean;
}

/**
 * Who gets what for one muse. A reading language whose every reader reads the source unaided
 * gets no translation and no room send: its readers take the original from the unaided room.
 */
export function planFanOut(
  sourceLanguage: string,
  audience: { readers: { language: string; readsWithout: string[] }[]; plaza: string[] },
): FanOutPlan {
  const source = baseLanguage(sourceLanguage);
  const needsTranslation = new Map<string, boolean>();
  let unaidedReaders = false;
  for (const reader of audience.readers) {
    const same = baseLanguage(reader.language) === source;
    const readsSource = !same && unaided(reader.language, reader.readsWithout).includes(source);
    if (readsSource) unaidedReaders = true;
    needsTranslation.set(reader.language, (needsTranslation.get(reader.language) ?? false) || (!same && !readsSource));
  }
  for (const language of audience.plaza) {
    needsTranslation.set(language, (needsTranslation.get(language) ?? false) || baseLanguage(language) !== source);
  }
  const rooms: FanOutPlan['rooms'] = [];
  const targets: string[] = [];
  for (const [language, needs] of needsTranslation) {
    if (baseLanguage(language) === source) rooms.push({ language, original: true });
    else if (needs) {
      rooms.push({ language, original: false });
      targets.push(language);
    }
  }
  return { source, targets, rooms, unaidedReaders };
}
