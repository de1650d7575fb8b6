import type { FastifyRequest } from 'fastify';
import type { VOICE_MIME_TYPES } from '@tolk/shared/limits';
import { VOICE_MAX_BYTES } from '@tolk/shared/limits';
import { AppError } from '../../errors';
import { assertMultipart, unreadableMultipart } from '../uploads';

export type AudioMime = (typeof VOICE_MIME_TYPES)[number];

const TOO_LARGE = `A recording is at most ${VOICE_MAX_BYTES / 1024 / 1024} MB.`;
const NOT_AUDIO = `Send a recording as WebM, Ogg, MP4, MP3 or WAV audio.`;

/**
 * What a recording is, by its first bytes (the client's word is not taken: the file is played
 * back to others with this type): WebM/Matroska, Ogg, MP4/M4A, MP3, WAV; undefined otherwise.
 */
export function sniffAudio(data: Buffer): AudioMime | undefined {
  if (data.length < 12) return undefined;
  if (data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (data.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE') return 'audio/wav';
  if (data.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (data.toString('latin1', 0, 3) === 'ID3' || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0)) return 'audio/mpeg';
  return undefined;
}

/**
 * The one recording of a multipart request (file field "audio") and its text fields, in any
 * order: 415 when it is not multipart or not audio by its first bytes, 413 over the limit, 400
 * when the body cannot be read or no recording (or an empty one) came.
 */
export async function readAudioUpload(
  request: FastifyRequest,
): Promise<{ data: Buffer; mime: AudioMime; fields: Record<string, string> }> {
  assertMultipart(request, 'recording');
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: VOICE_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio' || data) {
          await part.toBuffer();
          continue;
        }
        data = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw unreadableMultipart(error, TOO_LARGE, { audio: [TOO_LARGE] });
  }
  if (!data || data.length === 0) {
    throw new AppError('bad_request', 'No recording was sent (a file field named "audio").', {
      audio: ['Record something first.'],
    });
  }
  const mime = sniffAudio(data);
  if (!mime) throw new AppError('unsupported_media_type', NOT_AUDIO);
  return { data, mime, fields };
}
