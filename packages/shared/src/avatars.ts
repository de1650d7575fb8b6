// Zod-free, like error-codes.ts: the header's avatar is in the web app's main bundle.

/** Edge in pixels of the square profile photo the server stores, and of its small copy. */
export const AVATAR_EDGE = 256;
export const AVATAR_SMALL_EDGE = 64;

/** An avatar URL as the API gives it serves AVATAR_EDGE; this one serves AVATAR_SMALL_EDGE. */
export const smallAvatarUrl = (avatarUrl: string): string => `${avatarUrl}/small`;
/** Where a profile photo is served (avatars.routes.ts); null when the person has none. */
export const avatarUrlOf = (avatarId: string | null | undefined): string | null =>
  avatarId ? `/api/avatars/${avatarId}` : null;
