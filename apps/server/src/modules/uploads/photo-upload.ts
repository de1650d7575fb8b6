import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError } from '../../errors';
import { PHOTO_MAX_BYTES } from '@tolk/shared/photos';
import { sniffImage, type ImageKind } from './images';

/**
 * The one photo of a multipart request (field "file"), checked before anything decodes it: 415
 * when it is not multipart or not a JPEG, PNG or WebP by its first bytes, 413 over the limit, 400
 * when no file or an empty one came.
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ data: Buffer; kind: ImageKind }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data.');
  const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('bad_request', 'No file was sent.', { file: [SERVER_MESSAGES.choosePhoto] });
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new AppError('payload_too_large', SERVER_MESSAGE_FORMS.photoTooLarge.say(PHOTO_MAX_BYTES / 1024 / 1024));
  }
  if (data.length === 0)
    throw new AppError('bad_request', 'The file is empty.', { file: [SERVER_MESSAGES.choosePhoto] });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('unsupported_media_type', SERVER_MESSAGES.photoType);
  return { data, kind };
}
