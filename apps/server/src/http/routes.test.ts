import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok, routes } from './routes';

const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
// The options each route is declared with, as Fastify and the OpenAPI document read them.
const declared = new Map<string, { schema?: unknown }>();
app.addHook('onRoute', (options) => {
  declared.set(`${String(options.method)} ${options.url}`, options);
});

const seen: { actor?: string; config?: unknown; params?: unknown } = {};
afterEach(() => {
  delete seen.actor;
  delete seen.config;
  delete seen.params;
});

const route = routes(app, {
  tags: ['things'],
  errors: { 418: z.object({ teapot: z.boolean() }) },
  actor: (request: FastifyRequest) => `actor of ${request.url}`,
});
route('GET /things/:id', {
  summary: 'One thing',
  response: { 200: z.object({ id: z.string() }) },
  handler: async (actor, { params, routeOptions }) => {
    seen.actor = actor;
    seen.config = routeOptions.config;
    return { id: params.id };
  },
});
route('POST /things', {
  summary: 'Add a thing',
  body: z.object({ name: z.string() }),
  response: { 201: z.object({ name: z.string() }) },
  config: { rateLimit: { max: 5, timeWindow: 1000 } },
  handler: async (_actor, { body, routeOptions }) => {
    seen.config = routeOptions.config;
    return body;
  },
});
route('DELETE /things/:id', {
  summary: 'Remove a thing',
  response: { 204: z.undefined() },
  handler: async () => undefined,
});
route('PUT /things/:id/:part', {
  summary: 'Change a part of a thing',
  params: z.object({ id: z.string(), part: z.string() }),
  response: { 200: z.object({ ok: z.literal(true) }) },
  handler: (_actor, { params }) => {
    seen.params = params;
    return ok(Promise.resolve());
  },
});

describe('routes()', () => {
  it('hands the actor to the handler and makes the route members-only unless its config says more', async () => {
    const id = '0b6f9c1e-4a8d-4f6e-9a3b-2c1d5e7f8a90';
    const res = await app.inject({ method: 'GET', url: `/things/${id}` });
    expect(res.json()).toEqual({ id });
    expect(seen.actor).toBe(`actor of /things/${id}`);
    expect(seen.config).toMatchObject({ auth: 'required' });

    await app.inject({ method: 'POST', url: '/things', payload: { name: 'kettle' } });
    expect(seen.config).toMatchObject({ auth: 'required', rateLimit: { max: 5, timeWindow: 1000 } });
  });

  it("validates a URL's :id as a record's id unless the route declares its params", async () => {
    expect((await app.inject({ method: 'GET', url: '/things/not-an-id' })).statusCode).toBe(400);
    const res = await app.inject({ method: 'PUT', url: '/things/not-an-id/lid' });
    expect(res.json()).toEqual({ ok: true });
    expect(seen.params).toEqual({ id: 'not-an-id', part: 'lid' });
  });

  it('answers with the only success status a route declares', async () => {
    const created = await app.inject({ method: 'POST', url: '/things', payload: { name: 'kettle' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'kettle' });
    const removed = await app.inject({ method: 'DELETE', url: '/things/0b6f9c1e-4a8d-4f6e-9a3b-2c1d5e7f8a90' });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it("declares each route's tags, summary and schemas, the module's errors after its own responses", () => {
    const schema = declared.get('POST /things')?.schema as { response: object };
    expect(schema).toMatchObject({ tags: ['things'], summary: 'Add a thing' });
    expect(Object.keys(schema)).toEqual(['tags', 'summary', 'body', 'response']);
    expect(Object.keys(schema.response)).toEqual(['201', '418']);
  });
});
