import type { z } from 'zod';
import { EngineError } from './engine';

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface EngineRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string or URLSearchParams. */
  body?: unknown;
  signal: AbortSignal;
}

/** What the vendor said went wrong, from the usual shapes of error bodies. */
function vendorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const error = record.error;
      if (typeof error === 'string') return error;
      if (error && typeof error === 'object') {
        const message = (error as Record<string, unknown>).message;
        if (typeof message === 'string') return message;
      }
      // APY puts the useful part in `explanation` and a bare status text in `message`.
      for (const key of ['explanation', 'message', 'detail']) {
        if (typeof record[key] === 'string') return record[key];
      }
    }
  } catch {
    // Not JSON: the text itself, shortened below.
  }
  return body.replace(/\s+/g, ' ').trim();
}

/**
 * One HTTP call to a vendor, its whole answer read. Every failure becomes an EngineError that
 * says whether trying again can help: network errors, 429 and 5xx can.
 */
async function call(engine: string, url: string, request: EngineRequest, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept, ...request.headers };
  let body: string | URLSearchParams | FormData | undefined;
  if (
    typeof request.body === 'string' ||
    request.body instanceof URLSearchParams ||
    // multipart/form-data: fetch writes the content type with its boundary.
    request.body instanceof FormData
  )
    body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json; charset=UTF-8';
  }
  let response: Response;
  try {
    response = await fetch(url, { method: request.method ?? 'POST', headers, body, signal: request.signal });
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason ?? error;
    throw new EngineError(engine, `${engine} could not be reached`, { retryable: true, cause: error });
  }
  if (!response.ok) {
    const status = response.status;
    const text = await response.text().catch(() => '');
    const detail = vendorMessage(text).slice(0, 200);
    throw new EngineError(engine, `${engine} answered ${status}${detail ? `: ${detail}` : ''}`, {
      status,
      retryable: status === 429 || status === 408 || status >= 500,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
  return response;
}

/** An answer's body, read to the end; a body broken off is an EngineError that may be retried. */
async function readBody<T>(engine: string, request: EngineRequest, read: () => Promise<T>): Promise<T> {
  return read().catch((error: unknown) => {
    if (request.signal.aborted) throw request.signal.reason ?? error;
    throw new EngineError(engine, `${engine} broke off its answer`, { retryable: true, cause: error });
  });
}

/** One HTTP call to a vendor, its answer checked against `schema` (failures as `call` says). */
export async function requestJson<T>(
  engine: string,
  url: string,
  request: EngineRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await call(engine, url, request, 'application/json');
  const text = await readBody(engine, request, () => response.text());
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EngineError(engine, `${engine} answered with something other than JSON`, {
      retryable: false,
      cause: error,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new EngineError(engine, `${engine} answered in an unexpected shape`, {
      retryable: false,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** One HTTP call whose answer is bytes (audio): the bytes and their media type. */
export async function requestBytes(
  engine: string,
  url: string,
  request: EngineRequest,
  accept: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const response = await call(engine, url, request, accept);
  const bytes = Buffer.from(await readBody(engine, request, () => response.arrayBuffer()));
  return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
}

/** A vendor's list, asked for with GET: one call, its answer checked against `schema`. */
export function getJson<T>(
  engine: string,
  url: string,
  schema: z.ZodType<T>,
  request: Omit<EngineRequest, 'method' | 'body'>,
): Promise<T> {
  return requestJson(engine, url, { ...request, method: 'GET' }, schema);
}

/** Joins a base URL (with or without a path or trailing slash) and a path. */
export function endpoint(base: string, path: string, query?: URLSearchParams): string {
  const url = new URL(base.endsWith('/') ? base : `${base}/`);
  const joined = new URL(path.replace(/^\//, ''), url);
  if (query) joined.search = query.toString();
  return joined.toString();
}
