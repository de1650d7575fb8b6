import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBodySchema, HTTP_STATUS_BY_CODE, type ErrorBody, type ErrorCode } from '@tolk/shared/errors';
import { SERVER_MESSAGES, serverMessageName } from '@tolk/shared/server-messages';
import { AppError, databaseErrorOf } from '../errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * PostgreSQL's refusals of a value (as pg and PGlite raise them): a character it cannot store (NUL,
 * broken UTF-8), a number out of its column's range, a malformed uuid, date or number, a text too
 * long for its column or index, and the protocol error PGlite raises for a NUL in a parameter.
 */
const VALUE_REFUSED_BY_DATABASE = new Set([
  '22P05',
  '22021',
  '22003',
  '22P02',
  '22001',
  '22007',
  '22008',
  '54000',
  '08P01',
]);

/** A route's error responses: each status named answers with the one error body. */
export type ErrorResponses<S extends number> = { [K in S]: typeof errorBodySchema };

/**
 * The error statuses a route declares, for its `response`: `{ 200: x, ...errorResponses(400, 401, 404) }`.
 * The statuses stay literal keys, so the type provider lets `reply.code()` take these (and the route's
 * own) and no other.
 */
export function errorResponses<const S extends readonly number[]>(...statuses: S): ErrorResponses<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as ErrorResponses<S[number]>;
}

function send(reply: FastifyReply, error: ErrorBody['error']) {
  const body: ErrorBody = { error };
  return reply.status(HTTP_STATUS_BY_CODE[error.code]).type('application/json').send(body);
}

/**
 * The `{ code, message, reason?, fields? }` a client is told of an error, over HTTP or in a socket
 * acknowledgement: ours as raised, request validation failures by field, and nothing of a 5xx.
 */
export function errorReply(error: unknown): ErrorBody['error'] {
  const reply = bareReply(error);
  const reason = serverMessageName(reply.message);
  return reason ? { ...reply, reason } : reply;
}

function bareReply(error: unknown): ErrorBody['error'] {
  if (error instanceof AppError) {
    const retryAfter = Number(error.headers?.['retry-after']);
    return {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
    };
  }
  if (!(error instanceof Error)) return { code: 'internal', message: 'Something went wrong on our side.' };
  const database = databaseErrorOf(error)?.code;
  if (database && VALUE_REFUSED_BY_DATABASE.has(database)) {
    // The last line behind the shared schemas: a value the database cannot store is the client's.
    return { code: 'bad_request', message: 'A value in this request cannot be stored.' };
  }
  return fastifyErrorReply(error as FastifyError);
}

function fastifyErrorReply(error: FastifyError): ErrorBody['error'] {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    // A path that names no record (/api/muses/x) is not found, like an id that does not exist.
    return { code: 'not_found', message: 'Not found.' };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
    }
    return { code: 'validation_failed', message: SERVER_MESSAGES.invalidFields, fields };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': {
      // Named as a field, so a form shows it like any other field error.
      const message = 'The request body is not valid JSON.';
      return { code: 'bad_request', message, fields: { body: [message] } };
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type', message: 'This content type is not supported here.' };
    default:
  }
  const status = error.statusCode ?? 500;
  const code = CODE_BY_STATUS[status];
  if (code) return { code, message: error.message };
  return {
    code: status >= 500 ? 'internal' : 'bad_request',
    message: status >= 500 ? 'Something went wrong on our side.' : error.message,
  };
}

export interface ErrorsOptions {
  /** The built web app: unknown non-API paths get its index.html (the spec sends them to the landing page). */
  webDir: string;
}

/** One error shape for everything: `{ error: { code, message, reason?, fields? } }`, and no 5xx detail leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance, options: ErrorsOptions) => {
  const indexHtml = path.join(options.webDir, 'index.html');

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body = errorReply(error);
    // A route that takes one content type (a photo upload: multipart/form-data) names it.
    const consumes = request.routeOptions.schema?.consumes;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && consumes?.length) {
      body = { ...body, message: `This content type is not supported here: send ${consumes.join(' or ')}.` };
    }
    if (body.code === 'internal') request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    // The route limits set Retry-After before raising their error: the body says it too.
    const retryAfter = Number(reply.getHeader('retry-after'));
    if (body.code === 'rate_limited' && body.retryAfterSeconds === undefined && Number.isFinite(retryAfter)) {
      body = { ...body, retryAfterSeconds: Math.max(0, Math.ceil(retryAfter)) };
    }
    return send(reply, body);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = /^\/api(\/|$)/i.test(pathname) || pathname.startsWith('/socket.io');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage && fs.existsSync(indexHtml)) {
      // index.html must never be cached: it names the hashed assets of the current build.
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml));
    }
    return send(reply, { code: 'not_found', message: `No route ${request.method} ${pathname}.` });
  });
});
