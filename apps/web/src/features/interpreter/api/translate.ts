import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import { post } from '../../../lib/http';

export const translate = (input: TranslateInput) => post<TranslateResponse>('/translate', input);
