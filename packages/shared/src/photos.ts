// Zod-free: the web checks a photo before uploading it, and the server decides the same way.

/** The photo types people may send; the server tells them by their first bytes, not their name. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest photo taken, before it is re-encoded. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export type PhotoProblem = 'type' | 'size';

/** What is wrong with a photo before it is sent; checking first spares a 10 MB upload on a phone network. */
export function checkPhoto(file: { type: string; size: number }): PhotoProblem | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return undefined;
}
