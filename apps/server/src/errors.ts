import { HTTP_STATUS_BY_CODE, type ErrorCode } from '@tolk/shared/errors';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';

/** An error whose message is meant for the client. Everything else becomes a generic 500. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = HTTP_STATUS_BY_CODE[code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found.`);
export const unauthorized = (message: string = SERVER_MESSAGES.unauthorized) => new AppError('unauthorized', message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new AppError('forbidden', message);
export const fieldError = (field: string, message: string, code: ErrorCode = 'validation_failed') =>
  new AppError(code, message, { [field]: [message] });

/** PostgreSQL's unique_violation, as raised by both pg and PGlite (sometimes wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
