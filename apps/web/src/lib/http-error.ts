import type { ErrorCode } from '@tolk/shared/error-codes';

/**
 * What every failed call rejects with: the server's error body, or a network failure. It lives
 * apart from http.ts so the app shell can recognise errors without downloading axios.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

let onUnauthorized: (() => void) | undefined;
/** The session registers what to do when the server no longer accepts our token. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}
export function notifyUnauthorized(): void {
  onUnauthorized?.();
}
