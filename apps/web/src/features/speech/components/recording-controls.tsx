import { useTranslation } from 'react-i18next';
import { Loader2, Mic, MicOff, Square, X } from 'lucide-react';
import { IconButton } from '../../../ui/icon-button';
import { formatDuration, VOICE_MAX_MS } from '../recording';
import type { Recorder } from '../use-recorder';
import '../speech.css';

interface RecordingControlsProps {
  recorder: Recorder;
  /** What the microphone does here: "Record a voice muse" in a chat, "Speak" in the interpreter. */
  label: string;
  disabled?: boolean | undefined;
}

/**
 * The microphone, and while it records: the time against the longest allowed, Stop and Cancel.
 * Stop keeps the recording, Cancel throws it away.
 */
export function RecordingControls({ recorder, label, disabled }: RecordingControlsProps) {
  const { t } = useTranslation();
  if (recorder.phase === 'idle') {
    return (
      <IconButton
        className="mic-button recorder"
        label={label}
        disabled={disabled}
        onClick={() => void recorder.start()}
      >
        <Mic aria-hidden size={20} />
      </IconButton>
    );
  }
  if (recorder.phase === 'starting') {
    return (
      <span className="icon-button mic-button" role="status" aria-label={t('speech.starting')}>
        <Loader2 aria-hidden size={20} className="spin" />
      </span>
    );
  }
  const elapsed = formatDuration(recorder.elapsedMs);
  return (
    <span className="recording-bar">
      <span className="recording-dot" aria-hidden />
      <span className="recording-time" role="timer" aria-live="off">
        {t('speech.recording', { elapsed, max: formatDuration(VOICE_MAX_MS) })}
      </span>
      <IconButton small label={t('speech.cancel')} onClick={recorder.cancel}>
        <X aria-hidden size={18} />
      </IconButton>
      <IconButton className="recording-stop" label={t('speech.stop')} onClick={recorder.stop}>
        <Square aria-hidden size={16} />
      </IconButton>
    </span>
  );
}

interface DictationButtonProps {
  dictation: { listening: boolean; start: () => void; stop: () => void };
}

/** The browser's own speech recognition, for where nothing records: tap to listen, tap to stop. */
export function DictationButton({ dictation }: DictationButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      className="mic-button"
      aria-pressed={dictation.listening}
      label={dictation.listening ? t('interpreter.stopListening') : t('interpreter.speak')}
      onClick={dictation.listening ? dictation.stop : dictation.start}
    >
      {dictation.listening ? <MicOff aria-hidden size={20} /> : <Mic aria-hidden size={20} />}
    </IconButton>
  );
}

/** The microphone where it cannot work: it stays where people look for it, and says why when tapped. */
export function MicUnavailableButton({ label, onExplain }: { label: string; onExplain: () => void }) {
  return (
    <IconButton className="mic-button" label={label} onClick={onExplain}>
      <MicOff aria-hidden size={20} />
    </IconButton>
  );
}
