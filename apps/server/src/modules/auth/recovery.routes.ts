import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountEmailSchema,
  forgotPasswordInputSchema,
  okSchema,
  resetPasswordInputSchema,
  setEmailInputSchema,
  verifyEmailInputSchema,
} from '@tolk/shared/schemas/auth';
import { operations } from '../../http/operations';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mine = operations({ tags: ['auth'], errors: errorResponses(400, 401, 429), config: { auth: 'required' } });
  const open = operations({ tags: ['auth'], errors: errorResponses(400, 429), config: { auth: 'optional' } });

  r.get(
    '/auth/email',
    mine({ summary: 'My email address and whether it is verified', response: { 200: accountEmailSchema } }),
    async (request) => recovery.email(callerOf(request).accountId),
  );

  r.put(
    '/auth/email',
    mine(
      {
        summary: 'Set my email address (a link to verify it is mailed to it) or remove it with null',
        body: setEmailInputSchema,
        response: { 200: accountEmailSchema },
      },
      { rateLimit: options.emailLimit },
    ),
    async (request) => recovery.setEmail(callerOf(request).accountId, request.body.email, originOf(request)),
  );

  r.post(
    '/auth/email/resend',
    mine(
      { summary: 'Mail a new link to verify my address', response: { 200: accountEmailSchema } },
      { rateLimit: options.emailLimit },
    ),
    async (request) => recovery.resendVerification(callerOf(request).accountId, originOf(request)),
  );

  r.post(
    '/auth/email/verify',
    open({
      summary: 'Verify an address with the token of the link mailed to it (works signed out, on any device)',
      body: verifyEmailInputSchema,
      response: { 200: accountEmailSchema, ...errorResponses(409) },
    }),
    async (request) => recovery.verify(request.body.token),
  );

  r.post(
    '/auth/forgot-password',
    open(
      {
        summary: 'Mail a link to choose a new password to the verified address of an account (by username or address)',
        description:
          'Always 202 with the same body, whether or not an account matches: the request is queued and worked ' +
          'apart, so neither the answer nor its timing tells. At most 3 links per account per hour.',
        body: forgotPasswordInputSchema,
        response: { 202: okSchema },
      },
      { rateLimit: options.forgotLimit },
    ),
    async (request, reply) => {
      await recovery.forgot(request.body.login, originOf(request));
      return reply.status(202).send({ ok: true as const });
    },
  );

  r.post(
    '/auth/reset-password',
    open(
      {
        summary: 'Choose a new password with the token of a reset link; every session of the account ends',
        body: resetPasswordInputSchema,
        response: { 200: okSchema },
      },
      { rateLimit: options.forgotLimit },
    ),
    async (request) => {
      app.sessionsRevoked(await recovery.reset(request.body.token, request.body.password));
      return { ok: true as const };
    },
  );
}
