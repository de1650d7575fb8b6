import { ToastContainer } from 'react-toastify';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@tolk/shared/languages';

/** Spec section 9: 5000 ms, top-right, pause on hover and focus loss, draggable at 80 percent. */
export const toastOptions = {
  autoClose: 5000,
  position: 'top-right',
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} as const;

/**
 * Loaded after the first screen is up (providers.tsx): no screen shows a toast before the reader
 * has done something, and react-toastify queues any toast raised before this container mounts.
 * Its stylesheets come with the page's (src/boot.ts).
 */
export default function Toasts() {
  const { t, i18n } = useTranslation();
  // The library's own labels ("Notifications Alt+T", "close") are English: ours are the reader's.
  return (
    <ToastContainer
      {...toastOptions}
      rtl={directionOf(i18n.language) === 'rtl'}
      aria-label={t('app.notifications')}
      closeButton={({ closeToast }) => (
        <button
          type="button"
          className="Toastify__close-button"
          aria-label={t('common.close')}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(event);
          }}
        >
          <X aria-hidden size={16} />
        </button>
      )}
    />
  );
}
