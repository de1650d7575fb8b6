import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS, VOICE_MIME_TYPES } from '@tolk/shared/schemas/speech';

/** A finished recording, ready to send: its audio, its length as measured while recording. */
export interface Recording {
  blob: Blob;
  durationMs: number;
  /** A name with the right extension: engines that look at the file name (OpenAI's) need it. */
  fileName: string;
}

/**
 * Why the microphone cannot be used here, each said plainly to the member:
 * - insecure: plain HTTP on an address other than localhost (browsers give microphones to secure pages only);
 * - unsupported: this browser cannot record audio (nor recognize speech);
 * - denied: the member or the browser's settings refused the microphone;
 * - no-device: there is no microphone;
 * - busy: another app holds the microphone, or it failed to start;
 * - no-engine: the browser cannot turn speech into text, and the server has no engine to do it;
 * - too-large: the recording is over the size a voice muse may be.
 */
export type MicProblem = 'insecure' | 'unsupported' | 'denied' | 'no-device' | 'busy' | 'no-engine' | 'too-large';

export const VOICE_MAX_MS = VOICE_MAX_SECONDS * 1000;

/** The container the browser records in, from those the server takes, or '' for the browser's own choice. */
export function recordingMimeType(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  const candidates = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', ...VOICE_MIME_TYPES];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** Whether this page can record at all: undefined when it can, else why not. */
export function recordingProblem(): MicProblem | undefined {
  if (typeof window === 'undefined') return 'unsupported';
  // On plain HTTP (a phone on the host's LAN address) navigator.mediaDevices is not even there.
  if (!window.isSecureContext) return 'insecure';
  if (typeof MediaRecorder === 'undefined' || !('mediaDevices' in navigator)) {
    return 'unsupported';
  }
  return undefined;
}

/** What a failure of getUserMedia or MediaRecorder means for the member. */
export function micProblemOf(error: unknown): MicProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'busy';
  }
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** A recording from its pieces: its type without parameters names the file. */
export function recordingOf(chunks: Blob[], mimeType: string, durationMs: number): Recording {
  const type = mimeType.split(';')[0]?.trim() || 'audio/webm';
  const blob = new Blob(chunks, { type });
  return {
    blob,
    durationMs: Math.min(VOICE_MAX_MS, Math.max(1, Math.round(durationMs))),
    fileName: `recording.${EXTENSIONS[type] ?? 'webm'}`,
  };
}

export function tooLarge(recording: Recording): boolean {
  return recording.blob.size > VOICE_MAX_BYTES;
}

/**
 * Spoken words (a transcript, a dictation) joined to what the draft already holds, after a space,
 * cut at the draft's limit.
 */
export function withSpoken(draft: string, spoken: string, maxLength: number): string {
  const before = draft.trimEnd();
  const words = spoken.trim();
  return (before && words ? `${before} ${words}` : before || words).slice(0, maxLength);
}

/** m:ss, as players show a length. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
