import type { VoiceClip } from '@tolk/shared/schemas/speech';
import { post } from '../../../lib/http';
import type { Recording } from '../recording';

/**
 * POST /api/voice: stores a recording for a voice muse and answers its transcript (null when the
 * server has no speech-to-text engine or it failed). `language` is the engine's hint; the
 * member's own language when absent.
 */
export function uploadVoice(recording: Recording, language?: string): Promise<VoiceClip> {
  const body = new FormData();
  body.append('durationMs', String(recording.durationMs));
  if (language) body.append('language', language);
  body.append('audio', recording.blob, recording.fileName);
  return post<VoiceClip>('/voice', body);
}
