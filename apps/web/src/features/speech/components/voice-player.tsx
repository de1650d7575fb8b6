import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pause, Play } from 'lucide-react';
import { IconButton } from '../../../ui/icon-button';
import { formatDuration } from '../recording';
import '../speech.css';

interface VoicePlayerProps {
  /** The recording: a voice muse's /api/voice/:id (the session's cookie lets it play), or a draft's object URL. */
  url: string;
  durationMs: number;
  /** The play button's name; "Play voice muse, 0:07" when absent. */
  label?: string | undefined;
}

/**
 * A recording's player: play and pause, how far it has got, and its length. The length is the one
 * measured while recording (a browser's WebM recording does not state its own), and the audio is
 * only fetched when played.
 */
export function VoicePlayer({ url, durationMs, label }: VoicePlayerProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const [failed, setFailed] = useState(false);
  const duration = formatDuration(durationMs);
  const progress = durationMs > 0 ? Math.min(100, (positionMs / durationMs) * 100) : 0;

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    setFailed(false);
    element.play().catch((error: unknown) => {
      // A pause before it began is not a failure; anything else is said below the player.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailed(true);
    });
  };

  return (
    // Media controls read left to right in every language (play, then time running rightwards).
    <div className="voice-player" dir="ltr">
      <IconButton
        small
        className="voice-toggle"
        label={playing ? t('speech.pause') : (label ?? t('speech.play', { duration }))}
        onClick={toggle}
      >
        {playing ? <Pause aria-hidden size={16} /> : <Play aria-hidden size={16} />}
      </IconButton>
      <span className="voice-track" aria-hidden>
        <span className="voice-progress" style={{ inlineSize: `${progress}%` }} />
      </span>
      <time className="voice-duration" dateTime={`PT${Math.round(durationMs / 1000)}S`}>
        {playing || positionMs > 0 ? formatDuration(positionMs) : duration}
      </time>
      <audio
        ref={audio}
        className="voice-audio"
        src={url}
        preload="none"
        onPlay={() => {
          setPlaying(true);
        }}
        onPause={() => {
          setPlaying(false);
        }}
        onEnded={() => {
          setPlaying(false);
          setPositionMs(0);
        }}
        onTimeUpdate={(event) => {
          setPositionMs(event.currentTarget.currentTime * 1000);
        }}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
      {failed && (
        <span className="voice-failed" role="alert">
          {t('speech.playFailed')}
        </span>
      )}
    </div>
  );
}
