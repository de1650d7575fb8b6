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
import type { AccountsAdminService } from './accounts-admin.service';

/**
 * Accounts as superadmins manage them, across tenants. A member reads their own account here and
 * nothing else: another id is not found, a change of their own is forbidden.
 */
export async function accountsRoutes(app: FastifyInstance, { service }: { service: AccountsAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const config = { auth: 'required' as const };
  const errors = errorResponses(400, 401, 403, 404);

  r.get(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Accounts of every tenant, searched and filtered, a page at a time (superadmins)',
        querystring: accountsQuerySchema,
        response: { 200: accountsPageSchema, ...errors },
      },
      config,
    },
    async (request) => service.list(callerOf(request), request.query),
  );

  r.post(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Create an account; without a password, with a one-time password shown once (superadmins)',
        body: createAccountInputSchema,
        response: { 201: createdAccountSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  r.get(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'One account (superadmins: any; a member: their own)',
        params: idParamsSchema,
        response: { 200: adminAccountSchema, ...errors },
      },
      config,
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );

  r.patch(
    '/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Edit display name, language, roles or tenant (409 when it changed since the version given)',
        params: idParamsSchema,
        body: updateAccountInputSchema,
        response: { 200: adminAccountSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  r.post(
    '/accounts/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend an account: no sign-in, every session revoked and its sockets closed (superadmins)',
        params: idParamsSchema,
        response: { 200: adminAccountSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request) => service.suspendAccount(callerOf(request), request.params.id),
  );

  r.post(
    '/accounts/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a suspended account (superadmins)',
        params: idParamsSchema,
        response: { 200: adminAccountSchema, ...errors },
      },
      config,
    },
    async (request) => service.reactivate(callerOf(request), request.params.id),
  );

  r.post(
    '/accounts/:id/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new one-time password, shown once, and revoke every session (superadmins)',
        params: idParamsSchema,
        response: { 200: passwordResetSchema, ...errors },
      },
      config,
    },
    async (request) => service.resetPassword(callerOf(request), request.params.id),
  );

  r.get(
    '/accounts/:id/sessions',
    {
      schema: {
        tags,
        summary: "An account's live sessions, newest first (superadmins)",
        params: idParamsSchema,
        response: { 200: accountSessionsSchema, ...errors },
      },
      config,
    },
    async (request) => service.sessions(callerOf(request), request.params.id),
  );

  r.delete(
    '/accounts/:id/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Revoke one session of an account; its sockets close (superadmins)',
        params: accountSessionParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
      config,
    },
    async (request, reply) => {
      await service.revokeSession(callerOf(request), request.params.id, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/accounts/:id/audit',
    {
      schema: {
        tags,
        summary: 'Every admin change of an account, newest first, a page at a time (superadmins)',
        params: idParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
      config,
    },
    async (request) => service.audit(callerOf(request), request.params.id, request.query),
  );
}
