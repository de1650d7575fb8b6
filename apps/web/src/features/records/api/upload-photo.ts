import type { Photo } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

/** Uploads a photo of a record (the server re-encodes it and strips its location); the record names it by id. */
export function uploadPhoto(file: File): Promise<Photo> {
  const body = new FormData();
  body.append('file', file);
  return post<Photo>('/uploads', body);
}
