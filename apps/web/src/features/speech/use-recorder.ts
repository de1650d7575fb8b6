import { useCallback, useEffect, useRef, useState } from 'react';
import {
  micProblemOf,
  recordingMimeType,
  recordingOf,
  recordingProblem,
  tooLarge,
  VOICE_MAX_MS,
  type MicProblem,
  type Recording,
} from './recording';

export type RecorderPhase = 'idle' | 'starting' | 'recording';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  startedAt: number;
  keep: boolean;
  ticker: ReturnType<typeof setInterval>;
  limit: ReturnType<typeof setTimeout>;
}

/**
 * Records the microphone with MediaRecorder: `start` asks for it, `stop` hands the recording to
 * `onRecorded`, `cancel` throws it away. It stops by itself at a voice muse's longest, and lets the
 * microphone go when the screen closes. A failure is a MicProblem to explain, never an exception.
 */
export function useRecorder(onRecorded: (recording: Recording) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [problem, setProblem] = useState<MicProblem>();
  const session = useRef<Session | undefined>(undefined);
  /** Asking for the microphone (a permission prompt may be open): a second tap starts nothing. */
  const asking = useRef(false);
  const deliver = useRef(onRecorded);
  useEffect(() => {
    deliver.current = onRecorded;
  });

  const finish = useCallback((keep: boolean) => {
    const current = session.current;
    if (!current) return;
    current.keep = keep;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else current.recorder.dispatchEvent(new Event('stop'));
  }, []);

  const start = useCallback(async () => {
    if (session.current || asking.current) return;
    const unavailable = recordingProblem();
    if (unavailable) {
      setProblem(unavailable);
      return;
    }
    setProblem(undefined);
    setPhase('starting');
    let stream: MediaStream;
    asking.current = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setPhase('idle');
      setProblem(micProblemOf(error));
      return;
    } finally {
      asking.current = false;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = recordingMimeType();
      recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      setPhase('idle');
      setProblem(micProblemOf(error));
      return;
    }
    const current: Session = {
      stream,
      recorder,
      chunks: [],
      startedAt: performance.now(),
      keep: true,
      ticker: setInterval(() => {
        setElapsedMs(performance.now() - current.startedAt);
      }, 250),
      limit: setTimeout(() => {
        finish(true);
      }, VOICE_MAX_MS),
    };
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) current.chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      if (session.current !== current) return;
      session.current = undefined;
      clearInterval(current.ticker);
      clearTimeout(current.limit);
      for (const track of current.stream.getTracks()) track.stop();
      setPhase('idle');
      setElapsedMs(0);
      if (!current.keep) return;
      const recording = recordingOf(current.chunks, recorder.mimeType, performance.now() - current.startedAt);
      if (recording.blob.size === 0) {
        setProblem('busy');
        return;
      }
      if (tooLarge(recording)) {
        setProblem('too-large');
        return;
      }
      deliver.current(recording);
    });
    recorder.addEventListener('error', () => {
      current.keep = false;
      setProblem('busy');
      finish(false);
    });
    session.current = current;
    try {
      // Pieces every second: a recording cut short by the time limit keeps what it had.
      recorder.start(1000);
    } catch (error) {
      session.current = undefined;
      clearInterval(current.ticker);
      clearTimeout(current.limit);
      for (const track of stream.getTracks()) track.stop();
      setPhase('idle');
      setProblem(micProblemOf(error));
      return;
    }
    current.startedAt = performance.now();
    setElapsedMs(0);
    setPhase('recording');
  }, [finish]);

  const stop = useCallback(() => {
    finish(true);
  }, [finish]);
  const cancel = useCallback(() => {
    finish(false);
  }, [finish]);
  const clearProblem = useCallback(() => {
    setProblem(undefined);
  }, []);

  // A screen closed mid-recording lets the microphone go and keeps nothing.
  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      session.current = undefined;
      clearInterval(current.ticker);
      clearTimeout(current.limit);
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      for (const track of current.stream.getTracks()) track.stop();
    },
    [],
  );

  return { phase, elapsedMs, problem, start, stop, cancel, clearProblem, setProblem };
}

export type Recorder = ReturnType<typeof useRecorder>;
