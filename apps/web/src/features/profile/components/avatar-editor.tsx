import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Camera, Trash2 } from 'lucide-react';
import { checkPhoto } from '@tolk/shared/photos';
import type { Profile } from '@tolk/shared/schemas/profile';
import { personName } from '../../../lib/format';
import { useLoginResponse } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { errorMessage } from '../../../ui/error-message';
import { toastError } from '../../../ui/toast-error';
import { ModalDialog } from '../../../ui/modal-dialog';
import { useRemoveAvatar, useSetAvatar } from '../api/avatar';
import {
  centredCrop,
  clampCrop,
  scaleOf,
  sourceSquare,
  zoomCrop,
  ZOOM_MAX,
  ZOOM_MIN,
  type Crop,
  type Size,
} from '../avatar-crop';
import { FormError } from '../../../ui/form-error';
import { PhotoFileInput } from '../../../ui/photo-file-input';

/** The crop frame's edge in CSS pixels: fits a 320 px phone inside the dialog. */
const FRAME = 240;
/** The square sent to the server, which keeps a 256 px copy: a little more leaves it room. */
const OUTPUT_EDGE = 512;
const ARROW_STEP = 12;

interface Chosen {
  url: string;
  image: HTMLImageElement;
  size: Size;
}

/** Draws the chosen square onto a canvas and hands it over as a JPEG, as every browser can. */
function cropToBlob(chosen: Chosen, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_EDGE;
  canvas.height = OUTPUT_EDGE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  const square = sourceSquare(crop, chosen.size, FRAME);
  context.drawImage(chosen.image, square.x, square.y, square.size, square.size, 0, 0, OUTPUT_EDGE, OUTPUT_EDGE);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('the canvas made no image'));
      },
      'image/jpeg',
      0.9,
    );
  });
}

function loadImage(file: File): Promise<Chosen> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      resolve({ url, image, size: { width: image.naturalWidth, height: image.naturalHeight } });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable'));
    };
    image.src = url;
  });
}

/**
 * The profile photo on the edit screen: choose a picture, pick the square people will see (drag
 * to move, slider or + and - to zoom, arrow keys too), and it is saved at once; or remove it.
 * Everything here works on a plain-HTTP LAN address: no secure-context API is used.
 */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { updateLoginResponse } = useLoginResponse();
  const titleId = useId();
  const hintId = useId();
  const zoomId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const name = personName(profile);

  useEffect(() => {
    if (!chosen) return undefined;
    return () => {
      URL.revokeObjectURL(chosen.url);
    };
  }, [chosen]);

  const saved = (next: Profile, message: string) => {
    updateLoginResponse({ avatarUrl: next.avatarUrl ?? '' });
    toast.success(message);
  };

  const upload = useSetAvatar({
    onSuccess: (next) => {
      setChosen(null);
      saved(next, t('profile.photoSaved'));
    },
  });

  const remove = useRemoveAvatar({
    onSuccess: (next) => {
      setConfirmRemove(false);
      saved(next, t('profile.photoRemoved'));
    },
    onError: (error) => {
      setConfirmRemove(false);
      toastError(error, t);
    },
  });

  const choose = async (file: File) => {
    const problem = checkPhoto(file);
    if (problem) {
      toast.error(problem === 'size' ? t('muses.photoTooLarge') : t('muses.photoType'));
      return;
    }
    try {
      const next = await loadImage(file);
      upload.reset();
      setCrop(centredCrop(next.size, FRAME));
      setChosen(next);
    } catch {
      toast.error(t('profile.photoUnreadable'));
    }
  };

  const move = (dx: number, dy: number) => {
    if (!chosen) return;
    setCrop((current) => clampCrop({ ...current, x: current.x + dx, y: current.y + dy }, chosen.size, FRAME));
  };
  const zoomTo = (zoom: number) => {
    if (!chosen) return;
    setCrop((current) => zoomCrop(current, zoom, chosen.size, FRAME));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.pointerId !== event.pointerId) return;
    // The frame is laid out left to right whatever the page's direction, so a drag moves as the finger does.
    move(event.clientX - from.x, event.clientY - from.y);
    drag.current = { ...from, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [ARROW_STEP, 0],
      ArrowRight: [-ARROW_STEP, 0],
      ArrowUp: [0, ARROW_STEP],
      ArrowDown: [0, -ARROW_STEP],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step[0], step[1]);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomTo(crop.zoom + 0.25);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomTo(crop.zoom - 0.25);
    }
  };

  const scale = chosen ? scaleOf(chosen.size, FRAME, crop.zoom) : 1;

  return (
    <div className="avatar-editor">
      <Avatar name={name} url={profile.avatarUrl} size="large" className="large" />
      <div className="avatar-editor-actions">
        <PhotoFileInput
          ref={fileInput}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        <button
          type="button"
          className="button"
          onClick={() => {
            fileInput.current?.click();
          }}
        >
          <Camera aria-hidden size={16} /> {profile.avatarUrl ? t('profile.changePhoto') : t('profile.addPhoto')}
        </button>
        {profile.avatarUrl && (
          <button
            type="button"
            className="button danger-outline"
            onClick={() => {
              setConfirmRemove(true);
            }}
          >
            <Trash2 aria-hidden size={16} /> {t('profile.removePhoto')}
          </button>
        )}
      </div>

      <ModalDialog
        open={chosen !== null}
        onClose={() => {
          if (!upload.isPending) setChosen(null);
        }}
        labelledBy={titleId}
        describedBy={hintId}
      >
        <h2 id={titleId}>{t('profile.cropTitle')}</h2>
        <p id={hintId} className="muted">
          {t('profile.cropHint')}
        </p>
        {chosen && (
          <div
            className="avatar-crop"
            dir="ltr"
            role="img"
            tabIndex={0}
            aria-label={t('profile.cropArea')}
            aria-describedby={hintId}
            style={{ width: FRAME, height: FRAME }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <img
              src={chosen.url}
              alt=""
              draggable={false}
              style={{
                width: chosen.size.width * scale,
                height: chosen.size.height * scale,
                transform: `translate(${crop.x}px, ${crop.y}px)`,
              }}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={zoomId}>{t('profile.zoom')}</label>
          <input
            id={zoomId}
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={0.05}
            value={crop.zoom}
            onChange={(event) => {
              zoomTo(Number(event.target.value));
            }}
          />
        </div>
        {upload.isError && <FormError>{errorMessage(upload.error, t)}</FormError>}
        <div className="actions">
          <button
            type="button"
            className="button primary"
            disabled={upload.isPending}
            onClick={() => {
              upload.mutate(async () => {
                if (!chosen) throw new Error('no photo chosen');
                return cropToBlob(chosen, crop);
              });
            }}
          >
            {upload.isPending ? t('common.saving') : t('profile.usePhoto')}
          </button>
          <button
            type="button"
            className="button"
            disabled={upload.isPending}
            onClick={() => {
              setChosen(null);
            }}
          >
            {t('common.cancel')}
          </button>
        </div>
      </ModalDialog>

      <ConfirmDialog
        open={confirmRemove}
        title={t('profile.removePhoto')}
        message={t('profile.removePhotoConfirm')}
        confirmLabel={t('profile.removePhoto')}
        busy={remove.isPending}
        onConfirm={() => {
          remove.mutate();
        }}
        onCancel={() => {
          setConfirmRemove(false);
        }}
      />
    </div>
  );
}
