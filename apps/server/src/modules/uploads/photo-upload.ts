import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError } from '../../errors';
import { PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import { sniffImage, type ImageKind } from './images';

/**
 * The one photo of a multipart request (field "file"), checked before anything decodes it: 415
 * when it is not multipart or not a JPEG, PNG or WebP by its first bytes, 413 over the limit, 400
 * when the multipart body cannot be read (no boundary, cut short, malformed) or no file or an
 * empty one came.
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ data: Buffer; kind: ImageKind }> {
  assertMultipart(request, 'photo');
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('bad_request', 'No file was sent.', { file: [SERVER_MESSAGES.choosePhoto] });
    data = await file.toBuffer();
  } catch (error) {
    throw unreadableMultipart(error, SERVER_MESSAGE_FORMS.photoTooLarge.say(PHOTO_MAX_BYTES / 1024 / 1024), {
      file: [SERVER_MESSAGES.choosePhoto],
    });
  }
  if (data.length === 0)
    throw new AppError('bad_request', 'The file is empty.', { file: [SERVER_MESSAGES.choosePhoto] });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('unsupported_media_type', SERVER_MESSAGES.photoType);
  return { data, kind };
}

/** 415 unless the request is multipart/form-data, 400 when its content type has no boundary. */
export function assertMultipart(request: FastifyRequest, what: string) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', `Send the ${what} as multipart/form-data.`);
  // The parser throws a bare error for this one (a 500 until it was checked here).
  if (!boundaryOf(request.headers['content-type'] ?? '')) {
    throw new AppError(
      'bad_request',
      'The multipart/form-data content type has no boundary, so its parts cannot be found: send Content-Type: multipart/form-data; boundary=<the boundary between the parts>.',
    );
  }
}

/** The boundary parameter of a multipart content type, quoted or not; undefined when missing or empty. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match?.[1] || match?.[2] || undefined;
}

/**
 * What reading the multipart body failed with, for the client: a file over the limit is 413; the
 * multipart plugin's own errors carry their 4xx status; anything else the parser raised (a body
 * cut short, a malformed part) is a body that cannot be read, 400.
 */
export function unreadableMultipart(error: unknown, tooLarge: string, fields?: Record<string, string[]>): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', tooLarge);
  if (error instanceof Error && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  const reason = error instanceof Error ? ` (${error.message.replace(/\.$/, '')})` : '';
  return new AppError('bad_request', `The multipart/form-data body could not be read${reason}.`, fields);
}
