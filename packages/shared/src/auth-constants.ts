/** Name of the access-token cookie (spec section 9: a fixed string, default path /). Zod-free for the web bundle. */
export const ACCESS_TOKEN_COOKIE = 'tolk_access_token';
