/** The translation module's public face: Translation for every feature (`app.translation`, `app.translationFlags`), language detection, transliteration. Other modules import only this file. */
export { translationPlugin } from './translation.plugin';
export type { TranslationService } from './translation.service';
export type { TranslationFlags } from './translation-flags.service';
export type { TranslationEngine } from './engines/engine';
export { createReaderTexts } from './reader-texts';
export type { ReaderTexts } from './reader-texts';
export { detectLanguage } from './language-detection';
export { hasReading, transliterate } from './transliteration/transliterate';
export { LruCache } from './lru-cache';
export { EngineError } from './engines/engine';
export { endpoint, requestBytes, requestJson } from './engines/http';
