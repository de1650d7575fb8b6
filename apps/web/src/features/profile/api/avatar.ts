import type { Profile } from '@tolk/shared/schemas/profile';
import { del, put } from '../../../lib/http';

/** Sets the member's profile photo from the square they chose; the server keeps it as a square. */
export function setAvatar(square: Blob): Promise<Profile> {
  const body = new FormData();
  body.append('file', square, 'avatar.jpg');
  return put<Profile>('/profile/avatar', body);
}

export const removeAvatar = () => del<Profile>('/profile/avatar');
