import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Loader2, Send, X } from 'lucide-react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { MUSE_TEXT_MAX } from '@tolk/shared/schemas/conversations';
import type { RealtimeSocket } from '../../../lib/realtime';
import { errorMessage } from '../../../ui/error-message';
import { checkPhoto } from '@tolk/shared/photos';
import { uploadPhoto } from '../api/upload-photo';
import type { OutgoingMuse } from '../use-send-muse';
import { LanguageSelect } from '../../../ui/language-select';
import { PhotoFileInput } from '../../../ui/photo-file-input';
import { DraftPreview, type DraftReader } from '../../draft-preview';
import {
  DictationButton,
  MicProblemNote,
  MicUnavailableButton,
  recordingProblem,
  RecordingControls,
  speechRecognitionConstructor,
  useSpeechInput,
  withSpoken,
} from '../../speech';
import { useVoiceDraft, VoiceDraftChip } from './voice-draft';

// Tell the others at most this often that I am still typing, and stop after this much quiet.
const TYPING_THROTTLE_MS = 3000;
const TYPING_IDLE_MS = 4000;

interface Attachment {
  preview: string;
  photo?: Photo;
  uploading: boolean;
}

interface ComposerProps {
  conversationId: string;
  socket: RealtimeSocket | undefined;
  onSend: (outgoing: OutgoingMuse) => void;
  /** The conversation's other members, whose languages the draft preview shows. */
  readers: readonly DraftReader[];
  /** My reading language here: the preview's back-translation is in it. */
  readingLanguage: string;
}

/** Touch keyboards have no Shift+Enter; there Enter makes a new line and the button sends. */
function enterSends(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The text being written lives here and only here, so a keystroke re-renders the composer and
 * not the thread above it.
 */
export function Composer({ conversationId, socket, onSend, readers, readingLanguage }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  const [attachment, setAttachment] = useState<Attachment>();
  const [photoError, setPhotoError] = useState<string>();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadToken = useRef(0);
  const typing = useRef({ active: false, lastSent: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const fileId = useId();

  /** A transcript joins what is already written, for the member to check. */
  const addSpoken = (spoken: string) => {
    setText((current) => withSpoken(current, spoken, MUSE_TEXT_MAX));
    textArea.current?.focus();
  };
  const voice = useVoiceDraft(from || undefined, addSpoken);
  // Why the microphone cannot work is the recorder's to hold, whichever way it failed.
  const { setProblem: setMicProblem, clearProblem: closeMicProblem } = voice.recorder;
  // Where this browser cannot record (an old webview), its own recognition may still take dictation.
  const cannotRecord = recordingProblem();
  const dictation = useSpeechInput(from || readingLanguage, text, setText, setMicProblem);

  const stopTyping = () => {
    const state = typing.current;
    clearTimeout(state.idle);
    state.idle = undefined;
    if (state.active && socket?.connected) socket.volatile.emit('typing', { conversationId, typing: false });
    state.active = false;
  };

  const noteTyping = (value: string) => {
    if (!value.trim()) {
      stopTyping();
      return;
    }
    const state = typing.current;
    const now = Date.now();
    if (!state.active || now - state.lastSent > TYPING_THROTTLE_MS) {
      // Volatile: a typing note that cannot go now is worthless later.
      if (socket?.connected) socket.volatile.emit('typing', { conversationId, typing: true });
      state.active = true;
      state.lastSent = now;
    }
    clearTimeout(state.idle);
    state.idle = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  // Leaving the thread stops the typing note and frees the photo preview.
  const stopRef = useRef(stopTyping);
  useEffect(() => {
    stopRef.current = stopTyping;
  });
  useEffect(
    () => () => {
      stopRef.current();
    },
    [],
  );
  useEffect(() => {
    const preview = attachment?.preview;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [attachment?.preview]);

  const clearAttachment = () => {
    uploadToken.current += 1;
    setAttachment(undefined);
    setPhotoError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const attach = (file: File | undefined) => {
    setPhotoError(undefined);
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setPhotoError(problem === 'size' ? t('muses.photoTooLarge') : t('muses.photoType'));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    const token = ++uploadToken.current;
    const preview = URL.createObjectURL(file);
    setAttachment({ preview, uploading: true });
    uploadPhoto(file).then(
      (photo) => {
        if (token === uploadToken.current) setAttachment({ preview, photo, uploading: false });
      },
      (error: unknown) => {
        if (token !== uploadToken.current) return;
        setAttachment(undefined);
        setPhotoError(errorMessage(error, t));
      },
    );
  };

  const trimmed = text.trim();
  const canSend =
    (trimmed.length > 0 || Boolean(attachment?.photo) || Boolean(voice.ready)) && !attachment?.uploading && !voice.busy;

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (dictation.listening) dictation.stop();
    onSend({ text: trimmed, from: from || undefined, photo: attachment?.photo ?? null, voice: voice.ready ?? null });
    stopTyping();
    setText('');
    voice.clear();
    closeMicProblem();
    uploadToken.current += 1;
    setAttachment(undefined);
    if (fileInput.current) fileInput.current.value = '';
    textArea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!enterSends()) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="composer" onSubmit={submit}>
      <div className="composer-tools">
        {/* While it records, the row is the recording's: its time, Cancel and Stop. */}
        {voice.recorder.phase === 'idle' && (
          <>
            <PhotoFileInput
              ref={fileInput}
              id={fileId}
              className="visually-hidden"
              onChange={(event) => {
                attach(event.target.files?.[0]);
              }}
            />
            <label htmlFor={fileId} className="icon-button" title={t('muses.attachPhoto')}>
              <ImagePlus aria-hidden size={20} />
              <span className="visually-hidden">{t('muses.attachPhoto')}</span>
            </label>
          </>
        )}
        {!cannotRecord ? (
          <RecordingControls recorder={voice.recorder} label={t('speech.record')} disabled={Boolean(voice.draft)} />
        ) : cannotRecord === 'unsupported' && speechRecognitionConstructor() ? (
          <DictationButton dictation={dictation} />
        ) : (
          <MicUnavailableButton
            label={t('speech.record')}
            onExplain={() => {
              setMicProblem(cannotRecord);
            }}
          />
        )}
        {voice.recorder.phase === 'idle' && (
          <LanguageSelect
            className="composer-language"
            label={t('muses.sourceLanguage')}
            hiddenLabel
            extraOption={{ value: '', label: t('muses.detectAuto') }}
            value={from}
            onChange={setFrom}
          />
        )}
      </div>
      {attachment && (
        <div className="composer-attachment">
          <img src={attachment.preview} alt={t('muses.photo', { name: t('common.you') })} />
          {attachment.uploading && (
            <span className="muted" role="status">
              <Loader2 aria-hidden size={16} className="spin" /> {t('common.loading')}
            </span>
          )}
          <button type="button" className="icon-button" aria-label={t('muses.removePhoto')} onClick={clearAttachment}>
            <X aria-hidden size={18} />
          </button>
        </div>
      )}
      <VoiceDraftChip voice={voice} />
      <MicProblemNote problem={voice.recorder.problem} onClose={closeMicProblem} />
      {dictation.listening && <p className="muted">{t('interpreter.listening')}</p>}
      {photoError && (
        <p className="field-error" role="alert">
          {photoError}
        </p>
      )}
      <DraftPreview text={text} from={from || undefined} readers={readers} backTo={readingLanguage} />
      <div className="composer-row">
        <textarea
          ref={textArea}
          className="control"
          aria-label={t('muses.placeholder')}
          placeholder={t('muses.placeholder')}
          value={text}
          maxLength={MUSE_TEXT_MAX}
          rows={Math.min(5, Math.max(1, text.split('\n').length))}
          dir="auto"
          onChange={(event) => {
            setText(event.target.value);
            noteTyping(event.target.value);
          }}
          onBlur={stopTyping}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="icon-button send-button" aria-label={t('muses.send')} disabled={!canSend}>
          <Send aria-hidden size={20} className="flip-rtl" />
        </button>
      </div>
    </form>
  );
}
