import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCESS_TOKEN_COOKIE,
  changePasswordInputSchema,
  loginResponseSchema,
  meSchema,
  okSchema,
  registerInputSchema,
  signInInputSchema,
} from '@tolk/shared/schemas/auth';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { AuthService, IssuedLogin, RequestMeta } from './auth.service';
import { KNOWN_DEVICE_COOKIE } from './known-devices';

/** Only sign-in reads the known-device cookie, so the browser sends it nowhere else. */
const KNOWN_DEVICE_PATH = '/api/auth';

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  knownDevice: request.cookies[KNOWN_DEVICE_COOKIE],
});

/**
 * The token goes in the body, the `x-access-token` header and the cookie. The cookie is readable
 * by the page on purpose: the spec's client reads it to send the bearer headers (section 6).
 * Cookie-only writes are held to this site's Origin by the auth plugin.
 */
function deliver(request: FastifyRequest, reply: FastifyReply, issued: IssuedLogin) {
  reply.header('x-access-token', issued.response.token);
  reply.setCookie(ACCESS_TOKEN_COOKIE, issued.response.token, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
    expires: issued.expiresAt,
  });
  // Marks this browser as one that has signed in to the account, which the sign-in throttle honours.
  reply.setCookie(KNOWN_DEVICE_COOKIE, issued.device.value, {
    path: KNOWN_DEVICE_PATH,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: true,
    expires: issued.device.expiresAt,
  });
  return issued.response;
}

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Registrations per address per window. */
  registerLimit: { max: number; timeWindow: number };
  /** A member registered with an email address (it is mailed its link to verify it). */
  registered: (request: FastifyRequest, accountId: string, email: string) => Promise<void>;
}

export async function authRoutes(app: FastifyInstance, { auth, registerLimit, registered }: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 409, 429);

  r.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a member account in the public tenant and sign in',
        body: registerInputSchema,
        response: { 201: loginResponseSchema, ...errors },
      },
      config: { rateLimit: registerLimit },
    },
    async (request, reply) => {
      const issued = await auth.register(request.body, metaOf(request));
      if (request.body.email) await registered(request, issued.response.userId, request.body.email);
      return reply.status(201).send(deliver(request, reply, issued));
    },
  );

  r.post(
    '/auth/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: signInInputSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => deliver(request, reply, await auth.signIn(request.body, metaOf(request))),
  );

  r.post(
    '/auth/signout',
    {
      schema: { tags: ['auth'], summary: 'Revoke this session', response: { 200: okSchema, ...errorResponses(401) } },
      config: { auth: 'required', beforePasswordChange: true },
    },
    async (request, reply) => {
      // Sockets opened with the session close with it (the realtime plugin listens).
      app.sessionsRevoked(await auth.signOut(callerOf(request)));
      reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  r.get(
    '/auth/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in member', response: { 200: meSchema, ...errorResponses(401) } },
      config: { auth: 'required', beforePasswordChange: true },
    },
    async (request) => auth.me(callerOf(request)),
  );

  r.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session of the account is revoked',
        body: changePasswordInputSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      config: { auth: 'required', beforePasswordChange: true },
    },
    async (request, reply) => {
      const issued = await auth.changePassword(callerOf(request), request.body, metaOf(request));
      // The old tokens are refused from now on; their sockets close once this answer is out, so the
      // page reconnects with the new token rather than racing its arrival with the old one.
      app.forgetSessions(issued.revoked.sessionIds);
      reply.raw.once('close', () => {
        app.sessionsRevoked(issued.revoked);
      });
      return deliver(request, reply, issued);
    },
  );
}
