import type { Photo } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export type PhotoProblem = 'type' | 'size';

/** The server checks the same; asking first spares a 10 MB upload on a phone network. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): PhotoProblem | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return undefined;
}

export function uploadPhoto(file: File): Promise<Photo> {
  const body = new FormData();
  body.append('file', file);
  return post<Photo>('/uploads', body);
}
