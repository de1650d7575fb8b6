import { afterEach, describe, expect, it } from 'vitest';
import { VOICE_MAX_BYTES } from '@tolk/shared/schemas/speech';
import {
  formatDuration,
  micProblemOf,
  recordingOf,
  recordingProblem,
  tooLarge,
  VOICE_MAX_MS,
  withSpoken,
} from './recording';
import { installRecorder, secureContext, uninstallRecorder } from './test-speech';

afterEach(uninstallRecorder);

describe('a recording', () => {
  it('is named by its type without parameters, and its length kept within a voice muse’s', () => {
    const recording = recordingOf([new Blob(['x'])], 'audio/ogg;codecs=opus', 2_499.6);
    expect(recording.blob.type).toBe('audio/ogg');
    expect(recording.fileName).toBe('recording.ogg');
    expect(recording.durationMs).toBe(2_500);
    expect(recordingOf([], 'audio/mp4', VOICE_MAX_MS + 900).durationMs).toBe(VOICE_MAX_MS);
    expect(recordingOf([], '', 0)).toMatchObject({ durationMs: 1, fileName: 'recording.webm' });
  });

  it('is too large past the shared limit', () => {
    expect(tooLarge(recordingOf([new Blob([new Uint8Array(VOICE_MAX_BYTES + 1)])], 'audio/webm', 1000))).toBe(true);
    expect(tooLarge(recordingOf([new Blob([new Uint8Array(1000)])], 'audio/webm', 1000))).toBe(false);
  });

  it('joins its words to the draft after one space, within the draft’s limit', () => {
    expect(withSpoken('', ' Good morning ', 100)).toBe('Good morning');
    expect(withSpoken('Hello  ', 'my friend', 100)).toBe('Hello my friend');
    expect(withSpoken('Hello', '   ', 100)).toBe('Hello');
    expect(withSpoken('Hello', 'my friend', 8)).toBe('Hello my');
  });

  it('shows its length as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7_400)).toBe('0:07');
    expect(formatDuration(120_000)).toBe('2:00');
  });
});

describe('why the microphone cannot work', () => {
  it('is plain HTTP before anything else, then a browser that cannot record', () => {
    secureContext(false);
    expect(recordingProblem()).toBe('insecure');
    secureContext(true);
    expect(recordingProblem()).toBe('unsupported');
    installRecorder();
    expect(recordingProblem()).toBeUndefined();
  });

  it('tells a refusal, a missing microphone and a busy one apart', () => {
    expect(micProblemOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(micProblemOf(new DOMException('no', 'NotFoundError'))).toBe('no-device');
    expect(micProblemOf(new DOMException('no', 'NotReadableError'))).toBe('busy');
    expect(micProblemOf('something else')).toBe('busy');
  });
});
