import type { Photo } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

export function uploadPhoto(file: File): Promise<Photo> {
  const body = new FormData();
  body.append('file', file);
  return post<Photo>('/uploads', body);
}
