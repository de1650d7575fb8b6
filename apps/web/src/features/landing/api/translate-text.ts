import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import { post } from '../../../lib/http';

/** Open to guests: the landing page's try box is the first thing a visitor can do. */
export const translateText = (input: TranslateInput) => post<TranslateResponse>('/translate', input);
