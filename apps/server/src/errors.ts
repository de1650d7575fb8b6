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

/** The PostgreSQL error behind an error (pg and PGlite raise it; Drizzle may wrap it as the cause). */
export function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
  }
  return undefined;
}

/** PostgreSQL's unique_violation, as raised by both pg and PGlite (sometimes wrapped by Drizzle). */
export const isUniqueViolation = (error: unknown) => databaseErrorOf(error)?.code === '23505';

/** PostgreSQL's foreign_key_violation: a row still refers to the one being removed (or to none). */
export const isForeignKeyViolation = (error: unknown) => databaseErrorOf(error)?.code === '23503';
