import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ErrorBody, ErrorCode } from '@tolk/shared/errors';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, CreateConversationInput, Muse } from '@tolk/shared/schemas/conversations';
import { createAccountsService } from '../modules/accounts/accounts.service';
import { createTenantsRepository } from '../modules/accounts/tenants.repository';
import { hashPassword } from '../modules/accounts/passwords';
import { emptyProfile } from '../modules/profiles/profiles.service';

export interface Member extends LoginResponse {
  password: string;
  headers: { authorization: string };
}

let counter = 0;
export const uniqueUsername = (prefix = 'member') => `${prefix}-${++counter}-${randomBytes(3).toString('hex')}`;
export const strongPassword = () => `Tolk-${randomBytes(9).toString('base64url')}`;

export async function newAccount(
  app: FastifyInstance,
  input: { username?: string; password?: string; displayName?: string; language?: string } = {},
): Promise<Member> {
  const password = input.password ?? strongPassword();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: input.username ?? uniqueUsername(),
      password,
      displayName: input.displayName,
      language: input.language,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<LoginResponse>();
  return { ...body, password, headers: { authorization: `Bearer ${body.token}` } };
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<Member> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<LoginResponse>();
  return { ...body, password, headers: { authorization: `Bearer ${body.token}` } };
}

/** An account made straight in the database, in any tenant (registration only makes `public` ones), signed in. */
export async function newTenantAccount(
  app: FastifyInstance,
  tenant: string,
  input: { roles?: string; displayName?: string; language?: string } = {},
): Promise<Member> {
  const tenantId = await createTenantsRepository(app.db).ensure(tenant, tenant);
  const username = uniqueUsername(tenant);
  const password = strongPassword();
  await createAccountsService(app.db).create(
    {
      tenantId,
      username,
      passwordHash: await hashPassword(password),
      displayName: input.displayName ?? '',
      language: input.language ?? 'en',
      roles: input.roles ?? 'user',
    },
    emptyProfile,
  );
  return signIn(app, username, password);
}

export function expectError(res: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

export const expectNotFound = (res: LightMyRequestResponse) => expectError(res, 404, 'not_found');
export const expectForbidden = (res: LightMyRequestResponse) => expectError(res, 403, 'forbidden');
export const expectUnauthorized = (res: LightMyRequestResponse) => expectError(res, 401, 'unauthorized');

/**
 * A direct chat (with one other member) or a group, made by `owner` through POST
 * /api/conversations with the members' usernames. Expects it made (201), or, with `status` 200,
 * found again (a direct chat that exists already).
 */
export async function newConversation(
  app: FastifyInstance,
  owner: Pick<Member, 'headers'>,
  input: CreateConversationInput,
  status: 200 | 201 = 201,
): Promise<Conversation> {
  const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: owner.headers, payload: input });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<Conversation>();
}

/** A muse sent over HTTP as the web app sends it when its socket is down; expects it stored. */
export async function postMuse(
  app: FastifyInstance,
  member: Pick<Member, 'headers'>,
  conversationId: string,
  text: string,
  from?: string,
): Promise<Muse> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/muses`,
    headers: member.headers,
    payload: { clientId: randomUUID(), text, ...(from ? { from } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Muse>();
}
