import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { checkPhoto, PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { errorMessage } from '../../../ui/error-message';
import { FieldNotes } from '../../../ui/field';
import { PhotoFileInput } from '../../../ui/photo-file-input';
import { uploadPhoto } from '../api/upload-photo';

interface PhotoPickerProps {
  legend: string;
  /** One photo (a person, a place) or a few (a thing). */
  max: number;
  value: Photo[];
  /** Given what the photos are now (uploads end in any order), what they become. */
  onChange: (update: (current: Photo[]) => Photo[]) => void;
  /** Whether uploads are under way: the form waits for them before saving. */
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
}

/**
 * A record's photos: each chosen file is checked here first (type and size, as the server would),
 * uploaded at once to POST /api/uploads, and shown as its thumbnail with a button to remove it.
 * The record names the uploads by id when it is saved.
 */
export function PhotoPicker({ legend, max, value, onChange, onBusyChange, error }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const notesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(0);
  const [problem, setProblem] = useState<string>();
  // One photo is replaced by the next chosen; several are added up to the most allowed.
  const room = max === 1 ? 1 - pending : max - value.length - pending;

  useEffect(() => {
    onBusyChange(pending > 0);
  }, [pending, onBusyChange]);

  const choose = (files: File[]) => {
    setProblem(undefined);
    if (input.current) input.current.value = '';
    const accepted: File[] = [];
    for (const file of files) {
      const wrong = checkPhoto(file);
      if (wrong) {
        setProblem(
          wrong === 'size' ? t('errors.photoTooLarge', { size: PHOTO_MAX_BYTES / 1024 / 1024 }) : t('errors.photoType'),
        );
      } else accepted.push(file);
    }
    if (accepted.length > room) setProblem(t('records.form.tooMany', { max }));
    for (const file of accepted.slice(0, Math.max(0, room))) {
      setPending((count) => count + 1);
      uploadPhoto(file).then(
        (photo) => {
          setPending((count) => count - 1);
          // A single photo is replaced rather than refused.
          onChange((current) => (max === 1 ? [photo] : [...current, photo].slice(0, max)));
        },
        (failure: unknown) => {
          setPending((count) => count - 1);
          setProblem(errorMessage(failure, t));
        },
      );
    }
  };

  const shownError = problem ?? error;
  return (
    <fieldset className="record-fieldset" aria-describedby={shownError ? `${notesId}-error` : undefined}>
      <legend>{legend}</legend>
      {(value.length > 0 || pending > 0) && (
        <ul className="record-photos">
          {value.map((photo, index) => (
            <li key={photo.id}>
              <img src={photo.thumbUrl} alt={t('records.photos.alt', { number: index + 1 })} />
              <button
                type="button"
                className="icon-button record-photo-remove"
                aria-label={t('records.photos.remove', { number: index + 1 })}
                onClick={() => {
                  onChange((current) => current.filter((other) => other.id !== photo.id));
                }}
              >
                <X aria-hidden size={18} />
              </button>
            </li>
          ))}
          {Array.from({ length: pending }, (_, index) => (
            <li key={`pending-${index}`} className="record-photo-pending" role="status">
              <Loader2 aria-hidden size={22} className="spin" />
              <span className="visually-hidden">{t('records.photos.uploading')}</span>
            </li>
          ))}
        </ul>
      )}
      {(room > 0 || max === 1) && (
        <>
          <PhotoFileInput
            ref={input}
            id={inputId}
            className="visually-hidden"
            multiple={max > 1}
            onChange={(event) => {
              choose([...(event.target.files ?? [])]);
            }}
          />
          <label htmlFor={inputId} className="button record-photo-add">
            <ImagePlus aria-hidden size={18} />{' '}
            {value.length > 0 && max === 1 ? t('records.photos.replace') : t('records.photos.add')}
          </label>
        </>
      )}
      <FieldNotes id={notesId} hint={max > 1 ? t('records.photos.hint', { max }) : undefined} error={shownError} />
    </fieldset>
  );
}
