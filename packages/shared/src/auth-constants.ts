/** Name of the access-token cookie (spec section 9: a fixed string, default path /). Zod-free for the web bundle. */
export const ACCESS_TOKEN_COOKIE = 'tolk_access_token';

/** Header that carries a plaza guest's token (guests have no member session). Zod-free for the web bundle. */
export const PLAZA_TOKEN_HEADER = 'x-plaza-token';
