import type { FastifyInstance } from 'fastify';
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
import { routes } from '../../http/routes';
import type { AccountsAdminService } from './accounts-admin.service';

/**
 * Accounts as superadmins manage them, across tenants. A member reads their own account here and
 * nothing else: another id is not found, a change of their own is forbidden.
 */
export async function accountsRoutes(app: FastifyInstance, { service }: { service: AccountsAdminService }) {
  const route = routes(app, {
    tags: ['accounts'],
    errors: errorResponses(400, 401, 403, 404),
    config: { auth: 'required' },
    actor: callerOf,
  });

  route.get('/accounts', {
    summary: 'Accounts of every tenant, searched and filtered, a page at a time (superadmins)',
    querystring: accountsQuerySchema,
    response: { 200: accountsPageSchema },
    handler: (caller, { query }) => service.list(caller, query),
  });

  route.post('/accounts', {
    summary: 'Create an account; without a password, with a one-time password shown once (superadmins)',
    body: createAccountInputSchema,
    response: { 201: createdAccountSchema, ...errorResponses(409) },
    handler: (caller, { body }) => service.create(caller, body),
  });

  route.get('/accounts/:id', {
    summary: 'One account (superadmins: any; a member: their own)',
    params: idParamsSchema,
    response: { 200: adminAccountSchema },
    handler: (caller, { params }) => service.get(caller, params.id),
  });

  route.patch('/accounts/:id', {
    summary: 'Edit display name, language, roles or tenant (409 when it changed since the version given)',
    params: idParamsSchema,
    body: updateAccountInputSchema,
    response: { 200: adminAccountSchema, ...errorResponses(409) },
    handler: (caller, { params, body }) => service.update(caller, params.id, body),
  });

  route.post('/accounts/:id/suspend', {
    summary: 'Suspend an account: no sign-in, every session revoked and its sockets closed (superadmins)',
    params: idParamsSchema,
    response: { 200: adminAccountSchema, ...errorResponses(409) },
    handler: (caller, { params }) => service.suspendAccount(caller, params.id),
  });

  route.post('/accounts/:id/reactivate', {
    summary: 'Reactivate a suspended account (superadmins)',
    params: idParamsSchema,
    response: { 200: adminAccountSchema },
    handler: (caller, { params }) => service.reactivate(caller, params.id),
  });

  route.post('/accounts/:id/reset-password', {
    summary: 'Set a new one-time password, shown once, and revoke every session (superadmins)',
    params: idParamsSchema,
    response: { 200: passwordResetSchema },
    handler: (caller, { params }) => service.resetPassword(caller, params.id),
  });

  route.get('/accounts/:id/sessions', {
    summary: "An account's live sessions, newest first (superadmins)",
    params: idParamsSchema,
    response: { 200: accountSessionsSchema },
    handler: (caller, { params }) => service.sessions(caller, params.id),
  });

  route.delete('/accounts/:id/sessions/:sessionId', {
    summary: 'Revoke one session of an account; its sockets close (superadmins)',
    params: accountSessionParamsSchema,
    response: { 204: z.undefined() },
    handler: (caller, { params }) => service.revokeSession(caller, params.id, params.sessionId),
  });

  route.get('/accounts/:id/audit', {
    summary: 'Every admin change of an account, newest first, a page at a time (superadmins)',
    params: idParamsSchema,
    querystring: auditQuerySchema,
    response: { 200: auditPageSchema },
    handler: (caller, { params, query }) => service.audit(caller, params.id, query),
  });
}
