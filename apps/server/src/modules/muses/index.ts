/** The muses module's public face: Conversations, muses and their live delivery (`app.muses`). Other modules import only this file. */
export { musesPlugin } from './muses.plugin';
export type { ConversationRow, MemberRow, MemberView, MusesService } from './muses.service';
export { baseLanguage, museTranslatorFrom } from './translator';
export type { MuseAuthor, MuseTranslator, TranslatedText } from './translator';
