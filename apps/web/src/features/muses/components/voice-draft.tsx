import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2, RotateCcw, X } from 'lucide-react';
import type { VoiceClip } from '@tolk/shared/schemas/speech';
import { errorMessage } from '../../../ui/error-message';
import { IconButton } from '../../../ui/icon-button';
import { uploadVoice, useRecorder, VoicePlayer, type Recording } from '../../speech';
import type { PendingVoice } from '../thread-state';

interface VoiceDraft {
  recording: Recording;
  /** The recording as this device plays it back before it is sent. */
  previewUrl: string;
  clip?: VoiceClip;
  uploading: boolean;
  error?: string;
}

/**
 * A recording on its way into a voice muse: recorded, stored with the server (which transcribes
 * it when it has an engine), its transcript handed to the composer to check. A failed upload
 * keeps the recording for another try; nothing is lost until the member removes it.
 */
export function useVoiceDraft(language: string | undefined, onTranscript: (text: string) => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<VoiceDraft>();
  const token = useRef(0);
  const latest = useRef({ language, onTranscript, t });
  useEffect(() => {
    latest.current = { language, onTranscript, t };
  });

  const upload = useCallback((recording: Recording, previewUrl: string) => {
    const mine = ++token.current;
    setDraft({ recording, previewUrl, uploading: true });
    uploadVoice(recording, latest.current.language).then(
      (clip) => {
        if (mine !== token.current) return;
        setDraft({ recording, previewUrl, clip, uploading: false });
        if (clip.transcript) latest.current.onTranscript(clip.transcript);
      },
      (error: unknown) => {
        if (mine !== token.current) return;
        setDraft({ recording, previewUrl, uploading: false, error: errorMessage(error, latest.current.t) });
      },
    );
  }, []);

  const recorder = useRecorder(
    useCallback(
      (recording: Recording) => {
        upload(recording, URL.createObjectURL(recording.blob));
      },
      [upload],
    ),
  );

  const previewUrl = draft?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const clear = useCallback(() => {
    token.current += 1;
    setDraft(undefined);
  }, []);
  const retry = useCallback(() => {
    if (draft) upload(draft.recording, draft.previewUrl);
  }, [draft, upload]);

  const ready: PendingVoice | undefined = draft?.clip
    ? { id: draft.clip.id, durationMs: draft.clip.durationMs }
    : undefined;
  return { recorder, draft, ready, busy: Boolean(draft?.uploading) || recorder.phase !== 'idle', clear, retry };
}

export type VoiceDraftState = ReturnType<typeof useVoiceDraft>;

/** The recording in the composer: play it back, see its transcript's state, remove it, or retry its upload. */
export function VoiceDraftChip({ voice }: { voice: VoiceDraftState }) {
  const { t } = useTranslation();
  const { draft } = voice;
  if (!draft) return null;
  return (
    <div className="voice-draft" role="group" aria-label={t('speech.voiceMuse')}>
      <VoicePlayer url={draft.previewUrl} durationMs={draft.recording.durationMs} label={t('speech.playRecording')} />
      {draft.uploading && (
        <span className="muted" role="status">
          <Loader2 aria-hidden size={16} className="spin" /> {t('speech.transcribing')}
        </span>
      )}
      {draft.clip && draft.clip.transcript === null && <p className="muted">{t('speech.noTranscriptDraft')}</p>}
      {draft.error && (
        <p className="field-error" role="alert">
          {t('speech.uploadFailed', { reason: draft.error })}{' '}
          <button type="button" className="link-button" onClick={voice.retry}>
            <RotateCcw aria-hidden size={14} /> {t('common.retry')}
          </button>
        </p>
      )}
      <IconButton small label={t('speech.removeRecording')} onClick={voice.clear}>
        <X aria-hidden size={18} />
      </IconButton>
    </div>
  );
}
