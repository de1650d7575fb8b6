import type { Photo } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';
import { plazaRequestConfig } from '../plaza-tokens';

export function uploadPlazaPhoto(plazaId: string, file: File): Promise<Photo> {
  const body = new FormData();
  body.append('file', file);
  return post<Photo>('/uploads', body, plazaRequestConfig(plazaId));
}
