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
import { idParamsSchema } from '@tolk/shared/schemas/ids';

type Responses = Record<number, ZodType>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route named as its request line: `GET /accounts/:id`. */
type RequestLine = `${Method} /${string}`;

/** The params of a URL with an `:id` (a record's id, ids.ts) when the route declares none. */
type IdParamsOf<L> = L extends `${string}/:id` | `${string}/:id/${string}` ? typeof idParamsSchema : undefined;
const hasId = (url: string) => /\/:id(\/|$)/.test(url);

/** The parts a route declares, in the order the OpenAPI document has always listed them. */
const withoutUndefined = (parts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined));

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

/** Routes are members' unless their config says otherwise: none is left open by a config forgotten. */
const MEMBERS_ONLY = { auth: 'required' } as const;

/** The one success status a route declares when it is not 200: 201 for a creation, 204 for no body. */
function onlySuccess(response: Responses): number | undefined {
  const successes = Object.keys(response)
    .map(Number)
    .filter((status) => status < 300);
  return successes.length === 1 && successes[0] !== 200 ? successes[0] : undefined;
}

/**
 * A module's routes, each declared the same way: `route('GET /accounts/:id', { summary, body,
 * response, handler })`. What they share is said once: their OpenAPI tags, the error responses
 * each declares after its own, their config (members only unless it says otherwise), and
 * `actor`, who acts as the module sees the caller, handed to every handler before the request and
 * reply. A URL's `:id` is a record's id (idParamsSchema) unless the route declares its params. A
 * route whose only success is 201 or 204 answers with it, so the status is said once, in its
 * response.
 */
export function routes<A, const E extends Responses, const C extends FastifyContextConfig = object>(
  app: FastifyInstance,
  shared: { tags: string[]; errors: E; config?: C; actor: (request: FastifyRequest) => A },
) {
  const { tags, errors, actor } = shared;
  return <
    const L extends RequestLine,
    P = IdParamsOf<L>,
    Q = undefined,
    B = undefined,
    const R extends Responses = Responses,
    const RC = object,
  >(
    line: L,
    { summary, description, params, querystring, body, response, config, handler }: Route<A, P, Q, B, R, RC, E, C>,
  ) => {
    const [method, url] = line.split(' ') as [Method, string];
    const status = onlySuccess(response);
    // Typed by its schemas where the route is declared (Route); here Fastify only needs them as they are.
    const options: RouteOptions = {
      method,
      url,
      schema: withoutUndefined({
        tags,
        summary,
        description,
        params: params ?? (hasId(url) ? idParamsSchema : undefined),
        querystring,
        body,
        response: { ...response, ...errors },
      }),
      config: { ...MEMBERS_ONLY, ...shared.config, ...config },
      handler: async (request, reply) => {
        if (status !== undefined) reply.status(status);
        return handler(actor(request), request as never, reply as never);
      },
    };
    app.route(options);
  };
}

/** `{ ok: true }` once the work is done: the answer of a route that has nothing else to say. */
export async function ok(work: Promise<unknown>): Promise<{ ok: true }> {
  await work;
  return { ok: true };
}
