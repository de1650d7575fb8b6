import type { SynthesisInput } from '@tolk/shared/schemas/speech';
import { post } from '../../../lib/http';

/** POST /api/speech/synthesis: the text read aloud by the server's engine, as audio to play. */
export function synthesize(input: SynthesisInput): Promise<Blob> {
  return post<Blob>('/speech/synthesis', input, { responseType: 'blob' });
}
