import type { FastifyContextConfig } from 'fastify';
import type { ZodType } from 'zod';

/** A route's own part of its OpenAPI operation: what it says it does, takes and answers. */
export interface OperationSchema {
  summary: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response: Record<number, ZodType>;
}

/**
 * What the routes of one module share, said once: their OpenAPI tags, the error responses each
 * declares after its own, and their route config (who may call). `operation({ summary, params,
 * body, response })` gives one route's options in the shape Fastify and the zod type provider read;
 * a second argument adds to that route's config (its own rate limit).
 */
export function operations<const E extends Record<number, ZodType>, const C extends FastifyContextConfig>(shared: {
  tags: string[];
  errors: E;
  config: C;
}) {
  const { tags, errors, config } = shared;
  return <const S extends OperationSchema, const R extends FastifyContextConfig = object>(
    { summary, response, ...schema }: S,
    routeConfig?: R,
  ) => ({
    schema: {
      tags,
      summary,
      ...schema,
      response: { ...response, ...errors } as S['response'] & E,
    },
    config: { ...config, ...routeConfig } as C & R,
  });
}
