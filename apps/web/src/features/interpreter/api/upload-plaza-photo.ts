import type { Photo } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The server checks the same; checking first spares a 10 MB upload on a phone network. */
export function photoAcceptable(file: Pick<File, 'type' | 'size'>): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) && file.size <= PHOTO_MAX_BYTES;
}

export function uploadPlazaPhoto(plazaId: string, file: File): Promise<Photo> {
  const body = new FormData();
  body.append('file', file);
  return post<Photo>('/uploads', body, plazaRequestConfig(plazaId));
}
