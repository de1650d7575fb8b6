import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { ERROR_CODES, type ErrorCode } from '@tolk/shared/error-codes';
import { getAccessToken, setAccessToken, tokenFromResponseHeaders } from './access-token-cookie';
import { HttpError, notifySession, notifyUnauthorized } from './http-error';

export { HttpError, setUnauthorizedHandler } from './http-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no credentials header for this request (spec section 6). */
    noAuth?: boolean;
    /** Send the token even when an Authorization header is already set. */
    forceAuth?: boolean;
  }
}

export const http = axios.create({
  baseURL: '/api',
  withCredentials: true,
  // The spec's client has no timeout; slow networks on the road are the norm, not an error.
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
});

export function attachCredentials(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const headers = AxiosHeaders.from(config.headers);
  const alreadyAuthorized = headers.has('Authorization');
  if (config.noAuth) {
    // No credentials at all: no token headers and no access-token cookie. XMLHttpRequest sends
    // same-origin cookies whatever withCredentials says; fetch with credentials 'omit' does not.
    headers.delete('Authorization');
    headers.delete('x-access-token');
    config.headers = headers;
    config.withCredentials = false;
    config.adapter = 'fetch';
    return config;
  }
  if (alreadyAuthorized && !config.forceAuth) {
    config.headers = headers;
    return config;
  }
  const token = getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('x-access-token', token);
  }
  config.headers = headers;
  return config;
}

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

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof AxiosError) {
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

http.interceptors.request.use(attachCredentials);
http.interceptors.response.use(
  (response) => {
    const token = tokenFromResponseHeaders(response.headers);
    if (token) setAccessToken(token);
    return response;
  },
  (error: unknown) => {
    const failure = toHttpError(error);
    const config = error instanceof AxiosError ? error.config : undefined;
    // A 401 naming a field is a wrong current password, not a dead session.
    const sessionRejected = failure.status === 401 && Object.keys(failure.fields).length === 0;
    if (sessionRejected && config && !config.noAuth && getAccessToken()) notifyUnauthorized();
    // Signed in with a one-time password: the session sends the member to choose their own.
    if (failure.code === 'password_change_required') notifySession('passwordChangeRequired');
    return Promise.reject(failure);
  },
);

export async function get<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.get<T>(url, config)).data;
}
export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.post<T>(url, body, config)).data;
}
export async function put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.put<T>(url, body, config)).data;
}
export async function patch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.patch<T>(url, body, config)).data;
}
export async function del<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.delete<T>(url, config)).data;
}
