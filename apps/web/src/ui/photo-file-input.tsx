import type { InputHTMLAttributes, Ref } from 'react';
import { PHOTO_TYPES } from '@tolk/shared/photos';

/**
 * A file input that offers only the photo types the server takes. It is hidden by its caller
 * (a class or `hidden`): a button or a label stands for it.
 */
export function PhotoFileInput({
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'accept'> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} type="file" accept={PHOTO_TYPES.join(',')} {...input} />;
}
