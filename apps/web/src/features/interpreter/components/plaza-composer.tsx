import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Send, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { directionOf } from '@tolk/shared/languages';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import type { PlazaSide } from '@tolk/shared/schemas/plazas';
import { errorMessage } from '../../../ui/error-message';
import { PhotoFileInput } from '../../../ui/photo-file-input';
import { useSendPlazaMuse } from '../api/send-plaza-muse';
import { checkPhoto } from '@tolk/shared/photos';
import { newClientId } from '../../../lib/client-id';
import { languageName } from '../../../lib/language-names';
import { limitSeconds } from '../plaza-errors';
import {
  DictationButton,
  MicProblemNote,
  MicUnavailableButton,
  recordingProblem,
  RecordingControls,
  speechStatusQuery,
  transcribe,
  useRecorder,
  useSpeechInput,
  withSpoken,
  type Recording,
} from '../../speech';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { DraftPreview } from '../../draft-preview';

interface PlazaComposerProps {
  plazaId: string;
  side: PlazaSide;
  /** Who writes here, as the labels say it ("Me", "My audience"). */
  sideLabel: string;
  language: string;
  otherLanguage: string;
  maxLength: number;
  /** Guests and members have different limits, and hear about them differently. */
  guest: boolean;
  /** Only the host names a side: on a joined device the server knows who is writing. */
  sendSide: boolean;
  onSent: (muse: MuseDetail) => void;
}

/** The counter appears when a writer nears the limit, not before: it is noise until then. */
const COUNTER_FROM = 0.8;

interface Draft {
  file: File;
  previewUrl: string;
}

export function PlazaComposer({
  plazaId,
  side,
  sideLabel,
  language,
  otherLanguage,
  maxLength,
  guest,
  sendSide,
  onSent,
}: PlazaComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<Draft | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  // One id per draft, kept across retries, so a resend after a lost reply is not stored twice.
  const [clientId, setClientId] = useState(newClientId);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const setDictated = useCallback(
    (heard: string) => {
      setText(heard.slice(0, maxLength));
    },
    [maxLength],
  );
  // A member's words go to the server's speech-to-text engine when it has one (the same on every
  // browser); otherwise the browser's own recognition listens where it can.
  const engines = useQuery({ ...speechStatusQuery(), enabled: !guest });
  const cannotRecord = recordingProblem();
  const serverTranscribes = !guest && engines.data?.transcribe === true && !cannotRecord;
  const [transcribing, setTranscribing] = useState(false);
  const recorder = useRecorder((recording: Recording) => {
    setTranscribing(true);
    transcribe(recording, language)
      .then(
        ({ text: heard }) => {
          if (!heard.trim()) return;
          setText((current) => withSpoken(current, heard, maxLength));
          textarea.current?.focus();
        },
        (error: unknown) => {
          setProblem(errorMessage(error, t));
        },
      )
      .finally(() => {
        setTranscribing(false);
      });
  });
  // "Their language" still to be detected: no voice (recognition needs a language), no preview
  // (nothing to translate into yet), and any language may be typed.
  const unknownLanguage = language === DETECT_LANGUAGE;
  const canCheck = !unknownLanguage && otherLanguage !== DETECT_LANGUAGE;
  // Why the microphone cannot work is the recorder's to hold, whichever way it failed.
  const { setProblem: setMicProblem } = recorder;
  const speech = useSpeechInput(unknownLanguage ? '' : language, text, setDictated, setMicProblem);
  const typeHere = unknownLanguage
    ? t('interpreter.typeAnyLanguage')
    : t('interpreter.typeHere', { language: languageName(language) });

  // The preview's object URL belongs to this draft only.
  useEffect(() => {
    if (!photo) return undefined;
    return () => {
      URL.revokeObjectURL(photo.previewUrl);
    };
  }, [photo]);

  const failure = (error: unknown) => {
    const seconds = limitSeconds(error);
    const limit = guest ? 'interpreter.limitReached' : 'interpreter.memberLimitReached';
    setProblem(seconds !== undefined ? t(limit, { seconds }) : errorMessage(error, t));
  };

  const send = useSendPlazaMuse(plazaId, {
    onSuccess: (muse) => {
      onSent(muse);
      setText('');
      setPhoto(undefined);
      setClientId(newClientId());
      setProblem(undefined);
      textarea.current?.focus();
    },
    onError: failure,
  });

  const trimmed = text.trim();
  const canSend = (trimmed.length > 0 || photo !== undefined) && !send.isPending && !transcribing;
  const submit = () => {
    if (!canSend) return;
    if (speech.listening) speech.stop();
    setProblem(undefined);
    recorder.clearProblem();
    // No `from`: the server takes the side's language unless the text is plainly the other
    // side's (typed in the wrong half), which it detects as the muse arrives.
    send.mutate({
      clientId,
      text: text.trim(),
      ...(sendSide ? { side } : {}),
      ...(photo ? { photo: photo.file } : {}),
    });
  };
  const showCounter = text.length >= maxLength * COUNTER_FROM;

  return (
    <form
      className="plaza-composer"
      aria-label={`${sideLabel} · ${languageName(language)}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {`${sideLabel}: ${typeHere}`}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textarea}
        className="plaza-input"
        lang={unknownLanguage ? undefined : language}
        dir={unknownLanguage ? 'auto' : directionOf(language)}
        rows={1}
        maxLength={maxLength}
        value={text}
        placeholder={typeHere}
        aria-describedby={showCounter ? `${id}-count` : undefined}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter breaks the line; an IME composing a word keeps its Enter.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {showCounter && (
        <p id={`${id}-count`} className="plaza-counter" data-full={text.length >= maxLength ? 'true' : undefined}>
          {`${number.format(text.length)} / ${number.format(maxLength)}`}
        </p>
      )}
      {photo && (
        <div className="plaza-draft-photo">
          <img src={photo.previewUrl} alt="" />
          <button
            type="button"
            className="icon-button"
            aria-label={t('muses.removePhoto')}
            onClick={() => {
              setPhoto(undefined);
            }}
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      )}
      <div className="plaza-composer-actions">
        {!unknownLanguage &&
          (serverTranscribes ? (
            <RecordingControls recorder={recorder} label={t('interpreter.speak')} disabled={transcribing} />
          ) : speech.supported ? (
            <DictationButton dictation={speech} />
          ) : (
            <MicUnavailableButton
              label={t('interpreter.speak')}
              onExplain={() => {
                setMicProblem(cannotRecord === 'insecure' ? 'insecure' : 'no-engine');
              }}
            />
          ))}
        <button
          type="button"
          className="icon-button"
          aria-label={t('interpreter.photo')}
          title={t('interpreter.photo')}
          onClick={() => fileInput.current?.click()}
        >
          <Camera aria-hidden size={20} />
        </button>
        <PhotoFileInput
          ref={fileInput}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            // The picker already offers only our types; the size is what a phone camera gets wrong.
            if (checkPhoto(file)) {
              setProblem(t('muses.photoTooLarge'));
              return;
            }
            setProblem(undefined);
            setPhoto({ file, previewUrl: URL.createObjectURL(file) });
          }}
        />
        <button type="submit" className="button primary plaza-send" title={t('interpreter.send')} disabled={!canSend}>
          <Send aria-hidden size={20} className="flip-rtl" />
          <span className="visually-hidden">{t('interpreter.send')}</span>
        </button>
      </div>
      <div aria-live="polite" className="plaza-composer-status">
        {speech.listening && <p className="muted">{t('interpreter.listening')}</p>}
        {transcribing && <p className="muted">{t('speech.transcribing')}</p>}
      </div>
      <MicProblemNote problem={recorder.problem} onClose={recorder.clearProblem} />
      {canCheck && (
        <DraftPreview text={text} from={language} readers={[{ language: otherLanguage }]} backTo={language} />
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
