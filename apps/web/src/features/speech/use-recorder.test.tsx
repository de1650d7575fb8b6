import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VOICE_MAX_MS, type Recording } from './recording';
import { installRecorder, uninstallRecorder } from './test-speech';
import { useRecorder } from './use-recorder';

afterEach(() => {
  uninstallRecorder();
  vi.useRealTimers();
});

describe('useRecorder', () => {
  it('records until stopped, hands over the recording and lets the microphone go', async () => {
    const mic = installRecorder();
    const onRecorded = vi.fn<(recording: Recording) => void>();
    const { result } = renderHook(() => useRecorder(onRecorded));
    await act(() => result.current.start());
    expect(result.current.phase).toBe('recording');
    expect(mic.tracks[0]?.stopped).toBe(false);
    act(() => {
      result.current.stop();
    });
    expect(result.current.phase).toBe('idle');
    expect(mic.tracks[0]?.stopped).toBe(true);
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const recording = onRecorded.mock.calls[0]![0];
    expect(recording.blob.type).toBe('audio/webm');
    expect(recording.blob.size).toBeGreaterThan(0);
    expect(recording.fileName).toBe('recording.webm');
  });

  it('asks for the microphone once however often it is tapped while the browser asks', async () => {
    const mic = installRecorder();
    const { result } = renderHook(() => useRecorder(vi.fn()));
    await act(() => Promise.all([result.current.start(), result.current.start()]));
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
    expect(mic.recorders).toHaveLength(1);
    expect(result.current.phase).toBe('recording');
  });

  it('keeps nothing when cancelled', async () => {
    const mic = installRecorder();
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useRecorder(onRecorded));
    await act(() => result.current.start());
    act(() => {
      result.current.cancel();
    });
    expect(onRecorded).not.toHaveBeenCalled();
    expect(mic.tracks[0]?.stopped).toBe(true);
    expect(result.current.problem).toBeUndefined();
  });

  it('says the microphone was refused, and records nothing', async () => {
    installRecorder({ refuse: 'NotAllowedError' });
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useRecorder(onRecorded));
    await act(() => result.current.start());
    expect(result.current.phase).toBe('idle');
    expect(result.current.problem).toBe('denied');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('stops by itself at a voice muse’s longest, keeping what it recorded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'performance'] });
    installRecorder();
    const onRecorded = vi.fn<(recording: Recording) => void>();
    const { result } = renderHook(() => useRecorder(onRecorded));
    await act(() => result.current.start());
    act(() => {
      vi.advanceTimersByTime(VOICE_MAX_MS - 1000);
    });
    expect(result.current.phase).toBe('recording');
    expect(result.current.elapsedMs).toBeGreaterThan(VOICE_MAX_MS - 2000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.phase).toBe('idle');
    expect(onRecorded.mock.calls[0]![0].durationMs).toBe(VOICE_MAX_MS);
  });

  it('lets the microphone go when the screen closes mid-recording', async () => {
    const mic = installRecorder();
    const onRecorded = vi.fn();
    const { result, unmount } = renderHook(() => useRecorder(onRecorded));
    await act(() => result.current.start());
    unmount();
    expect(mic.tracks[0]?.stopped).toBe(true);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
