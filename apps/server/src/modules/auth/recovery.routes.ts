import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountEmailSchema,
  forgotPasswordInputSchema,
  okSchema,
  resetPasswordInputSchema,
  setEmailInputSchema,
  verifyEmailInputSchema,
} from '@tolk/shared/schemas/auth';
import { ok, routes } from '../../http/routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { Recovery } from './recovery';

export interface RecoveryRoutesOptions {
  recovery: Recovery;
  /** The origin of links mailed from this request (http/origins.ts linkOrigin). */
  originOf: (request: FastifyRequest) => string;
  /** Forgotten-password requests per address per hour. */
  forgotLimit: { max: number; timeWindow: number };
  /** Addresses set or links re-sent per account per hour. */
  emailLimit: { max: number; timeWindow: number };
}

/** My email address, its verification, and recovery by a mailed link. */
export async function recoveryRoutes(app: FastifyInstance, options: RecoveryRoutesOptions) {
  const { recovery, originOf } = options;
  // Mine: who I am, and where links mailed from here point.
  const mine = routes(app, {
    tags: ['auth'],
    errors: errorResponses(400, 401, 429),
    actor: (request) => ({ accountId: callerOf(request).accountId, origin: originOf(request) }),
  });
  // Anyone's, signed in or not: a link opened on another device, a forgotten password.
  const open = routes(app, {
    tags: ['auth'],
    errors: errorResponses(400, 429),
    config: { auth: 'optional' },
    actor: originOf,
  });

  mine('GET /auth/email', {
    summary: 'My email address and whether it is verified',
    response: { 200: accountEmailSchema },
    handler: ({ accountId }) => recovery.email(accountId),
  });

  mine('PUT /auth/email', {
    summary: 'Set my email address (a link to verify it is mailed to it) or remove it with null',
    body: setEmailInputSchema,
    response: { 200: accountEmailSchema },
    config: { rateLimit: options.emailLimit },
    handler: ({ accountId, origin }, { body }) => recovery.setEmail(accountId, body.email, origin),
  });

  mine('POST /auth/email/resend', {
    summary: 'Mail a new link to verify my address',
    response: { 200: accountEmailSchema },
    config: { rateLimit: options.emailLimit },
    handler: ({ accountId, origin }) => recovery.resendVerification(accountId, origin),
  });

  open('POST /auth/email/verify', {
    summary: 'Verify an address with the token of the link mailed to it (works signed out, on any device)',
    body: verifyEmailInputSchema,
    response: { 200: accountEmailSchema, ...errorResponses(409) },
    handler: (_origin, { body }) => recovery.verify(body.token),
  });

  open('POST /auth/forgot-password', {
    summary: 'Mail a link to choose a new password to the verified address of an account (by username or address)',
    description:
      'Always 202 with the same body, whether or not an account matches: the request is queued and worked ' +
      'apart, so neither the answer nor its timing tells. At most 3 links per account per hour.',
    body: forgotPasswordInputSchema,
    response: { 202: okSchema },
    config: { rateLimit: options.forgotLimit },
    handler: (origin, { body }) => ok(recovery.forgot(body.login, origin)),
  });

  open('POST /auth/reset-password', {
    summary: 'Choose a new password with the token of a reset link; every session of the account ends',
    body: resetPasswordInputSchema,
    response: { 200: okSchema },
    config: { rateLimit: options.forgotLimit },
    handler: async (_origin, { body }) => {
      app.sessionsRevoked(await recovery.reset(body.token, body.password));
      return { ok: true as const };
    },
  });
}
