// Zod-free so the web app's HTTP client can use them without pulling zod into the main bundle.
/** Error codes shared by HTTP replies and socket acknowledgements. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  /** Signed in with a one-time password: only changing it (and me, sign-out) is open until then. */
  'password_change_required',
  'not_found',
  'conflict',
  /** A ledger transfer would take a no-overdraft account below zero. */
  'insufficient_funds',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  conflict: 409,
  insufficient_funds: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** The one sign-in failure message the product has (spec section 5). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
