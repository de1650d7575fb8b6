import type { Transcription } from '@tolk/shared/schemas/speech';
import { post } from '../../../lib/http';
import type { Recording } from '../recording';

/** POST /api/speech/transcriptions: the words of a recording, in `language` (the engine's hint); nothing is kept. */
export function transcribe(recording: Recording, language: string): Promise<Transcription> {
  const body = new FormData();
  body.append('language', language);
  body.append('audio', recording.blob, recording.fileName);
  return post<Transcription>('/speech/transcriptions', body);
}
