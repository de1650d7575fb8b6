import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Loader2, Volume2 } from 'lucide-react';
import { languageName } from '../../../lib/language-names';
import { toastError } from '../../../ui/toast-error';
import { speechStatusQuery } from '../api/speech-status';
import { synthesize } from '../api/synthesize';
import { speak, useVoices, voiceFor } from '../browser-speech';

interface SpeakerButtonProps {
  text: string;
  /** The language the text is in: the voice is chosen for it. */
  language: string;
  rate?: number | undefined;
  /** A signed-in member may have the server's engine read it when the device has no voice. */
  allowServer?: boolean | undefined;
  className?: string | undefined;
}

/**
 * Reads a text aloud in its language: with the device's voice for it, else (members, when the
 * server has a text-to-speech engine) with the server's, else says plainly there is none.
 */
export function SpeakerButton({ text, language, rate, allowServer, className }: SpeakerButtonProps) {
  const { t } = useTranslation();
  const voices = useVoices();
  const voice = voiceFor(voices, language);
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const playing = useRef<{ audio: HTMLAudioElement; url: string } | undefined>(undefined);

  const release = () => {
    const current = playing.current;
    if (!current) return;
    playing.current = undefined;
    current.audio.pause();
    URL.revokeObjectURL(current.url);
  };
  useEffect(() => release, []);

  const read = async () => {
    if (voice) {
      speak(text, voice, rate);
      return;
    }
    release();
    setLoading(true);
    try {
      // Asked once, when a device first lacks a voice: which engines the server has does not change.
      const engines = allowServer ? await queryClient.query(speechStatusQuery()).catch(() => undefined) : undefined;
      if (!engines?.synthesize) {
        toast.info(t('speech.noVoice', { language: languageName(language) }));
        return;
      }
      const audio = await synthesize({ text, language });
      const url = URL.createObjectURL(audio);
      const element = new Audio(url);
      playing.current = { audio: element, url };
      element.addEventListener('ended', release, { once: true });
      if (rate) element.playbackRate = rate;
      await element.play();
    } catch (error) {
      release();
      toastError(error, t);
    } finally {
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      className={className ?? 'icon-button small'}
      aria-label={t('speech.readAloud')}
      title={t('speech.readAloud')}
      disabled={!text.trim() || loading}
      onClick={() => {
        void read();
      }}
    >
      {loading ? <Loader2 aria-hidden size={16} className="spin" /> : <Volume2 aria-hidden size={16} />}
    </button>
  );
}
