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

/**
 * What the server can tell the session through any call: its token is no longer accepted (401),
 * or the member must change a one-time password before anything else (403
 * password_change_required). The session registers what to do about each.
 */
export type SessionSignal = 'unauthorized' | 'passwordChangeRequired';

const sessionHandlers = new Map<SessionSignal, () => void>();

export function setSessionHandler(signal: SessionSignal, handler: (() => void) | undefined): void {
  if (handler) sessionHandlers.set(signal, handler);
  else sessionHandlers.delete(signal);
}

export function notifySession(signal: SessionSignal): void {
  sessionHandlers.get(signal)?.();
}

export const setUnauthorizedHandler = (handler: (() => void) | undefined): void => {
  setSessionHandler('unauthorized', handler);
};
export const notifyUnauthorized = (): void => {
  notifySession('unauthorized');
};
