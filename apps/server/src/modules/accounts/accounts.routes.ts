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
    actor: callerOf,
  });

  route('GET /accounts', {
    summary: 'Accounts of every tenant, searched and filtered, a page at a time (superadmins)',
    querystring: accountsQuerySchema,
    response: { 200: accountsPageSchema },
    handler: (caller, { query }) => service.list(caller, query),
  });

  route('POST /accounts', {
    summary: 'Create an account; without a password, with a one-time password shown once (superadmins)',
    body: createAccountInputSchema,
    response: { 201: createdAccountSchema, ...errorResponses(409) },
    handler: (caller, { body }) => service.create(caller, body),
  });

  route('GET /accounts/:id', {
    summary: 'One account (superadmins: any; a member: their own)',
    response: { 200: adminAccountSchema },
    handler: (caller, { params }) => service.get(caller, params.id),
  });

  route('PATCH /accounts/:id', {
    summary: 'Edit display name, language, roles or tenant (409 when it changed since the version given)',
    body: updateAccountInputSchema,
    response: { 200: adminAccountSchema, ...errorResponses(409) },
    handler: (caller, { params, body }) => service.update(caller, params.id, body),
  });

  route('POST /accounts/:id/suspend', {
    summary: 'Suspend an account: no sign-in, every session revoked and its sockets closed (superadmins)',
    response: { 200: adminAccountSchema, ...errorResponses(409) },
    handler: (caller, { params }) => service.suspendAccount(caller, params.id),
  });

  route('POST /accounts/:id/reactivate', {
    summary: 'Reactivate a suspended account (superadmins)',
    response: { 200: adminAccountSchema },
    handler: (caller, { params }) => service.reactivate(caller, params.id),
  });

  route('POST /accounts/:id/reset-password', {
    summary: 'Set a new one-time password, shown once, and revoke every session (superadmins)',
    response: { 200: passwordResetSchema },
    handler: (caller, { params }) => service.resetPassword(caller, params.id),
  });

  route('GET /accounts/:id/sessions', {
    summary: "An account's live sessions, newest first (superadmins)",
    response: { 200: accountSessionsSchema },
    handler: (caller, { params }) => service.sessions(caller, params.id),
  });

  route('DELETE /accounts/:id/sessions/:sessionId', {
    summary: 'Revoke one session of an account; its sockets close (superadmins)',
    params: accountSessionParamsSchema,
    response: { 204: z.undefined() },
    handler: (caller, { params }) => service.revokeSession(caller, params.id, params.sessionId),
  });

  route('GET /accounts/:id/audit', {
    summary: 'Every admin change of an account, newest first, a page at a time (superadmins)',
    querystring: auditQuerySchema,
    response: { 200: auditPageSchema },
    handler: (caller, { params, query }) => service.audit(caller, params.id, query),
  });
}
