import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../../lib/http-error';
import { serverFieldMessage } from '../../ui/error-message';

/** Puts the server's field errors next to their fields, in the reader's language; returns whether any matched. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof HttpError)) return false;
  let matched = false;
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: serverFieldMessage(messages[0]) });
      matched = true;
    }
  }
  return matched;
}
