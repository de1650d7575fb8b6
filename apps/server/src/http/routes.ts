import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Responses = Record<number, ZodType>;

/** Fastify's handler for a route of these schemas and config, as the zod type provider types it. */
type FastifyHandler<P, Q, B, R, C> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  C,
  { params: P; querystring: Q; body: B; response: R },
  ZodTypeProvider
>;

/**
 * One route as a module declares it: its part of the OpenAPI operation (what it says it does,
 * takes and answers), its own config (a rate limit) and its handler, which gets who acts first.
 * `E` and `C` are what the module's routes share: their error responses and config.
 */
export interface Route<A, P, Q, B, R extends Responses, RC, E extends Responses, C> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  config?: RC;
  handler: (
    actor: A,
    ...call: Parameters<FastifyHandler<P, Q, B, R & E, C & RC>>
  ) => ReturnType<FastifyHandler<P, Q, B, R & E, C & RC>>;
}

/** The one success status a route declares when it is not 200: 201 for a creation, 204 for no body. */
function onlySuccess(response: Responses): number | undefined {
  const successes = Object.keys(response)
    .map(Number)
    .filter((status) => status < 300);
  return successes.length === 1 && successes[0] !== 200 ? successes[0] : undefined;
}

/**
 * A module's routes, each declared the same way: `route.get(url, { summary, params, body,
 * response, handler })`. What they share is said once: their OpenAPI tags, the error responses
 * each declares after its own, their config (who may call), and `actor`, who acts as the module
 * sees the caller, handed to every handler before the request and reply. A route whose only
 * success is 201 or 204 answers with it, so the status is said once, in its response.
 */
export function routes<A, const E extends Responses, const C extends FastifyContextConfig>(
  app: FastifyInstance,
  shared: { tags: string[]; errors: E; config: C; actor: (request: FastifyRequest) => A },
) {
  const { tags, errors, actor } = shared;
  const declare =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    <P = undefined, Q = undefined, B = undefined, const R extends Responses = Responses, const RC = object>(
      url: string,
      { summary, response, config, handler, ...schema }: Route<A, P, Q, B, R, RC, E, C>,
    ) => {
      const status = onlySuccess(response);
      // Typed by its schemas where the route is declared (Route); here Fastify only needs them as they are.
      const options: RouteOptions = {
        method,
        url,
        schema: { tags, summary, ...schema, response: { ...response, ...errors } },
        config: { ...shared.config, ...config },
        handler: async (request, reply) => {
          if (status !== undefined) reply.status(status);
          return handler(actor(request), request as never, reply as never);
        },
      };
      app.route(options);
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

/** `{ ok: true }` once the work is done: the answer of a route that has nothing else to say. */
export async function ok(work: Promise<unknown>): Promise<{ ok: true }> {
  await work;
  return { ok: true };
}
