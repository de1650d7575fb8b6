import type { TFunction } from 'i18next';
import { toast } from 'react-toastify';
import { errorMessage } from './error-message';

/**
 * A failed action told in a toast, in the reader's language. The container (app/toasts.tsx) holds
 * the spec's toast options, so this adds none. Apart from error-message.ts, which pages load
 * without react-toastify.
 */
export function toastError(error: unknown, t: TFunction): void {
  toast.error(errorMessage(error, t));
}
