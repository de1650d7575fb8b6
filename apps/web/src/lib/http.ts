import type { AxiosInstance, AxiosRequestConfig } from 'axios';

/*
 * How screens call the API: get, post, put, patch and del through the app's one axios instance and
 * its interceptors (http-client.ts). Importing this does not bring axios: the instance loads with
 * the first call, so a screen that calls nothing before its first render does not wait for it.
 */

export { HttpError, setUnauthorizedHandler } from './http-error';
export { toHttpError } from './http-failure';

/**
 * Starts loading the HTTP client before the first call needs it: when the reader reaches for the
 * page (app/providers.tsx), so a form sent a moment later does not wait for axios.
 */
export function prefetchHttpClient(): void {
  void import('./http-client').catch(() => undefined);
}

/** The app's axios instance (http-client.ts), loaded with the first call. */
export async function httpClient(): Promise<AxiosInstance> {
  return (await import('./http-client')).http;
}

export async function get<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await (await httpClient()).get<T>(url, config)).data;
}
export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await (await httpClient()).post<T>(url, body, config)).data;
}
export async function put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await (await httpClient()).put<T>(url, body, config)).data;
}
export async function patch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await (await httpClient()).patch<T>(url, body, config)).data;
}
export async function del<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await (await httpClient()).delete<T>(url, config)).data;
}
