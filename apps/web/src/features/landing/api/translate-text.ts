import { useMutation } from '@tanstack/react-query';
import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import { post } from '../../../lib/http';

/** Open to guests: the landing page's try box is the first thing a visitor can do. */
export const translateText = (input: TranslateInput) => post<TranslateResponse>('/translate', input);

/** One text tried in the box: from a language, or detected when `from` is empty. */
export type TriedText = { text: string; from: string; to: string };

/** Translates the try box's text; the answer is shown from the mutation's data. */
export function useTranslateText() {
  return useMutation({
    mutationFn: (input: TriedText) =>
      translateText({ texts: [input.text], to: [input.to], ...(input.from ? { from: input.from } : {}) }),
  });
}
