import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { backTranslate, type BackTranslation } from '../back-translation';

/**
 * Checks a draft by translating it from `from` into `to` and back (back-translation.ts, over
 * translate.ts); nothing held changes.
 */
export function useBackTranslate(
  from: string,
  to: string,
  options: Omit<UseMutationOptions<BackTranslation, Error, string>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: (text: string) => backTranslate(text, from, to) });
}
