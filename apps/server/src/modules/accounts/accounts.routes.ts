import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSessionParamsSchema,
  accountSessionsSchema,
  accountsPageSchema,
  accountsQuerySchema,
  adminAccountSchema,
  auditPageSchema,
  auditQuerySchema,
  createAccountInputSchema,
  createdAccountSchema,
  passwordResetSchema,
  updateAccountInputSchema,
} from '@tolk/shared/schemas/accounts-admin';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import type { AccountsAdminService } from './accounts-admin.service';

/**
 * Accounts as superadmins manage them, across tenants. A member reads their own account here and
 * nothing else: another id is not found, a change of their own is forbidden.
 */
export async function accountsRoutes(app: FastifyInstance, { service }: { service: AccountsAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['accounts'],
    errors: errorResponses(400, 401, 403, 404),
    config: { auth: 'required' },
  });

  r.get(
    '/accounts',
    operation({
      summary: 'Accounts of every tenant, searched and filtered, a page at a time (superadmins)',
      querystring: accountsQuerySchema,
      response: { 200: accountsPageSchema },
    }),
    async (request) => service.list(callerOf(request), request.query),
  );

  r.post(
    '/accounts',
    operation({
      summary: 'Create an account; without a password, with a one-time password shown once (superadmins)',
      body: createAccountInputSchema,
      response: { 201: createdAccountSchema, ...errorResponses(409) },
    }),
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  r.get(
    '/accounts/:id',
    operation({
      summary: 'One account (superadmins: any; a member: their own)',
      params: idParamsSchema,
      response: { 200: adminAccountSchema },
    }),
    async (request) => service.get(callerOf(request), request.params.id),
  );

  r.patch(
    '/accounts/:id',
    operation({
      summary: 'Edit display name, language, roles or tenant (409 when it changed since the version given)',
      params: idParamsSchema,
      body: updateAccountInputSchema,
      response: { 200: adminAccountSchema, ...errorResponses(409) },
    }),
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  r.post(
    '/accounts/:id/suspend',
    operation({
      summary: 'Suspend an account: no sign-in, every session revoked and its sockets closed (superadmins)',
      params: idParamsSchema,
      response: { 200: adminAccountSchema, ...errorResponses(409) },
    }),
    async (request) => service.suspendAccount(callerOf(request), request.params.id),
  );

  r.post(
    '/accounts/:id/reactivate',
    operation({
      summary: 'Reactivate a suspended account (superadmins)',
      params: idParamsSchema,
      response: { 200: adminAccountSchema },
    }),
    async (request) => service.reactivate(callerOf(request), request.params.id),
  );

  r.post(
    '/accounts/:id/reset-password',
    operation({
      summary: 'Set a new one-time password, shown once, and revoke every session (superadmins)',
      params: idParamsSchema,
      response: { 200: passwordResetSchema },
    }),
    async (request) => service.resetPassword(callerOf(request), request.params.id),
  );

  r.get(
    '/accounts/:id/sessions',
    operation({
      summary: "An account's live sessions, newest first (superadmins)",
      params: idParamsSchema,
      response: { 200: accountSessionsSchema },
    }),
    async (request) => service.sessions(callerOf(request), request.params.id),
  );

  r.delete(
    '/accounts/:id/sessions/:sessionId',
    operation({
      summary: 'Revoke one session of an account; its sockets close (superadmins)',
      params: accountSessionParamsSchema,
      response: { 204: z.undefined() },
    }),
    async (request, reply) => {
      await service.revokeSession(callerOf(request), request.params.id, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/accounts/:id/audit',
    operation({
      summary: 'Every admin change of an account, newest first, a page at a time (superadmins)',
      params: idParamsSchema,
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    }),
    async (request) => service.audit(callerOf(request), request.params.id, request.query),
  );
}
