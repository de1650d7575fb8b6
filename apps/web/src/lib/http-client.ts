import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { getAccessToken, setAccessToken, tokenFromResponseHeaders } from './access-token-cookie';
import { toHttpError } from './http-failure';
import { notifySession, notifyUnauthorized } from './http-error';

/*
 * The app's one axios instance with the spec's interceptors, in a chunk of its own: screens call
 * it through http.ts, which loads it with the first call (app/providers.tsx fetches it on the
 * reader's first touch, click or focus, the router with a member's screen), so no first screen
 * waits for axios.
 */

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

/** The bearer token a request carried, if any. */
function sentToken(config: InternalAxiosRequestConfig): string | undefined {
  const authorization = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '') || undefined : undefined;
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
    // Only the token still in use ends the session: a call sent with the one a password change
    // just replaced is answered 401 after the new one is in place.
    const sent = config && !config.noAuth ? sentToken(config) : undefined;
    if (sessionRejected && sent && sent === getAccessToken()) notifyUnauthorized();
    // Signed in with a one-time password: the session sends the member to choose their own.
    if (failure.code === 'password_change_required') notifySession('passwordChangeRequired');
    return Promise.reject(failure);
  },
);
