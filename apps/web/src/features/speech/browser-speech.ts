import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { withSpoken } from './recording';

/** The parts of the Web Speech API's recognizer we use (TypeScript's DOM library lacks it). */
interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

export function speechRecognitionConstructor(): SpeechRecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidates = window as Window & {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return candidates.SpeechRecognition ?? candidates.webkitSpeechRecognition;
}

/**
 * Dictation into a draft: what is heard is appended to the text that was there when listening
 * began, and interim guesses show as they come so the speaker sees they are being heard.
 */
export type SpeechBlocked = 'insecure' | 'denied';

export function useSpeechInput(
  language: string,
  draft: string,
  onText: (text: string) => void,
  /** The browser will not listen: the page is not a secure context, or the microphone was refused. */
  onBlocked?: (reason: SpeechBlocked) => void,
) {
  const [listening, setListening] = useState(false);
  const recognizer = useRef<SpeechRecognitionLike | undefined>(undefined);
  const supported = speechRecognitionConstructor() !== undefined;

  const stop = useCallback(() => {
    recognizer.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Recognition = speechRecognitionConstructor();
    if (!Recognition || recognizer.current) return;
    // Browsers give the microphone to https pages (and localhost) only: a phone on the host's LAN
    // address over plain HTTP would start and fail at once without a word.
    if (!window.isSecureContext) {
      onBlocked?.('insecure');
      return;
    }
    const recognition = new Recognition();
    recognition.lang = language;
    recognition.interimResults = true;
    recognition.continuous = false;
    recognition.maxAlternatives = 1;
    const base = draft.trimEnd();
    recognition.onresult = (event) => {
      let heard = '';
      for (let index = 0; index < event.results.length; index += 1) {
        heard += event.results[index]?.[0]?.transcript ?? '';
      }
      heard = heard.trim();
      if (heard) onText(withSpoken(base, heard, Number.POSITIVE_INFINITY));
    };
    recognition.onerror = (event) => {
      recognizer.current = undefined;
      setListening(false);
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') onBlocked?.('denied');
    };
    recognition.onend = () => {
      recognizer.current = undefined;
      setListening(false);
    };
    recognizer.current = recognition;
    try {
      recognition.start();
      setListening(true);
    } catch {
      // Already started elsewhere, or the microphone was refused: nothing to listen to.
      recognizer.current = undefined;
    }
  }, [draft, language, onText, onBlocked]);

  // A screen closed mid-sentence must release the microphone.
  useEffect(
    () => () => {
      recognizer.current?.abort();
    },
    [],
  );

  return { supported, listening, start, stop };
}

let voices: SpeechSynthesisVoice[] = [];

function readVoices(): SpeechSynthesisVoice[] {
  if (typeof speechSynthesis === 'undefined') return voices;
  const next = speechSynthesis.getVoices();
  // getVoices() answers a new array each call; keep the old one while nothing changed.
  if (next.length !== voices.length || next.some((voice, index) => voice !== voices[index])) voices = next;
  return voices;
}

function subscribeVoices(listener: () => void): () => void {
  if (typeof speechSynthesis === 'undefined') return () => undefined;
  // Chrome loads its voices after the page; this event says they are there.
  const synthesis = speechSynthesis;
  synthesis.addEventListener('voiceschanged', listener);
  return () => {
    synthesis.removeEventListener('voiceschanged', listener);
  };
}

export function voiceFor(all: readonly SpeechSynthesisVoice[], language: string): SpeechSynthesisVoice | undefined {
  const wanted = language.toLowerCase();
  const base = wanted.split('-')[0] ?? wanted;
  const tag = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-');
  const matching = all.filter((voice) => tag(voice) === wanted || tag(voice).split('-')[0] === base);
  return matching.find((voice) => voice.localService) ?? matching[0];
}

/** The device's voices, updated when the browser finishes loading them. */
export function useVoices(): readonly SpeechSynthesisVoice[] {
  return useSyncExternalStore(subscribeVoices, readVoices, readVoices);
}

export function speak(text: string, voice: SpeechSynthesisVoice, rate = 1): void {
  if (typeof speechSynthesis === 'undefined') return;
  // A new reading replaces the one in progress rather than queueing behind it.
  speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  utterance.rate = rate;
  speechSynthesis.speak(utterance);
}
