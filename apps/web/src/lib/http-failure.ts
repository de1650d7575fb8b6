import type { AxiosError } from 'axios';
import { ERROR_CODES, type ErrorCode } from '@tolk/shared/error-codes';
import { HttpError } from './http-error';

/** The server's `{ error: { code, message, fields? } }`, checked by hand to keep zod out of the main bundle. */
function errorBody(
  data: unknown,
): { code: ErrorCode; message: string; fields: Record<string, string[]>; retryAfterSeconds?: number } | undefined {
  if (!data || typeof data !== 'object' || !('error' in data)) return undefined;
  const error = data.error as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
    retryAfterSeconds?: unknown;
  } | null;
  if (!error || typeof error.message !== 'string' || !(ERROR_CODES as readonly unknown[]).includes(error.code)) {
    return undefined;
  }
  const fields: Record<string, string[]> = {};
  if (error.fields && typeof error.fields === 'object') {
    for (const [key, value] of Object.entries(error.fields as Record<string, unknown>)) {
      if (Array.isArray(value)) fields[key] = value.filter((item): item is string => typeof item === 'string');
    }
  }
  const wait = error.retryAfterSeconds;
  return {
    code: error.code as ErrorCode,
    message: error.message,
    fields,
    ...(typeof wait === 'number' && wait >= 0 ? { retryAfterSeconds: wait } : {}),
  };
}

/** Axios marks its errors; checking the mark keeps axios itself out of what imports this. */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/** Whatever a call failed with, as the app's HttpError: the server's error body, or a network failure. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) return new HttpError(0, 'network', 'Network Error');
    const body = errorBody(response.data);
    const retryAfter = Number(response.headers['retry-after']);
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    if (body) {
      const wait = body.retryAfterSeconds ?? retryAfterSeconds;
      return new HttpError(response.status, body.code, body.message, body.fields, wait);
    }
    return new HttpError(response.status, response.status >= 500 ? 'internal' : 'bad_request', error.message);
  }
  return new HttpError(0, 'network', error instanceof Error ? error.message : 'Network Error');
}
