import type { InterpreterProfile, InterpreterProfileInput } from '@tolk/shared/schemas/plazas';
import { post } from '../../../lib/http';

export const createInterpreterProfile = (input: InterpreterProfileInput) =>
  post<InterpreterProfile>('/interpreter/profiles', input);
