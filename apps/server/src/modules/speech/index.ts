/** The speech module's public face: speech to text, text to speech, and voice muses' recordings (`app.speech`). Other modules import only this file. */
export { speechPlugin } from './speech.plugin';
export type { SpeechPluginOptions } from './speech.plugin';
export type { SpeechToText, TextToSpeech } from './engines';
