import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { Photo } from '@tolk/shared/schemas/conversations';

export interface OpenPhoto {
  photo: Photo;
  alt: string;
}

/** The full-size photo over the thread; Escape, the close button or a tap outside closes it. */
export function PhotoViewer({ open, onClose }: { open: OpenPhoto | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal-dialog photo-viewer"
      aria-label={open?.alt}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, not on its content.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <button
            type="button"
            className="icon-button photo-viewer-close"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <X aria-hidden size={22} />
          </button>
          <img src={open.photo.url} alt={open.alt} width={open.photo.width} height={open.photo.height} />
        </>
      )}
    </dialog>
  );
}
