import { randomUUID } from 'node:crypto';
import type { ChangePasswordInput, LoginResponse, Me, RegisterInput, SignInInput } from '@tolk/shared/schemas/auth';
import { avatarUrlOf } from '@tolk/shared/avatars';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import type { Database } from '../../db/client';
import { AppError, fieldError, isUniqueViolation } from '../../errors';
import type { MemberCaller, RevokedSessions } from '../../plugins/auth';
import { createAccountsService, type AccountCreated, type AccountRow } from '../accounts';
import type { KnownDevices } from './known-devices';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../accounts';
import { createSessionsRepository } from '../../plugins/sessions.repository';
import type { SignInThrottle } from './sign-in-throttle';
import type { TokenService } from '../../plugins/tokens';

export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The known-device cookie the request carries, if any (see known-devices.ts). */
  knownDevice?: string | undefined;
}

export interface IssuedLogin {
  response: LoginResponse;
  sessionId: string;
  expiresAt: Date;
  /** The known-device cookie to set: this browser has now signed in to the account. */
  device: { value: string; expiresAt: Date };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export interface AuthServiceDeps {
  db: Database;
  tokens: TokenService;
  throttle: SignInThrottle;
  knownDevices: KnownDevices;
  sessionDays: number;
  /** What is made with a registered account in its transaction (its profile). */
  accountCreated: AccountCreated;
  /** argon2id unless a test hands in another. */
  passwords?: PasswordHasher;
}

export function createAuthService({
  db,
  tokens,
  throttle,
  knownDevices,
  sessionDays,
  accountCreated,
  passwords = { hash: hashPassword, verify: verifyPassword },
}: AuthServiceDeps) {
  const accounts = createAccountsService(db);
  const sessions = createSessionsRepository(db);
  // Unknown usernames are checked against this hash, so they cost the same time as known ones. It
  // is made now, not on the first unknown name, so that first answer is not slower and telling.
  const decoyHash = passwords.hash(randomUUID());
  decoyHash.catch(() => undefined); // awaited (and its failure reported) on the first unknown name

  async function issue(account: AccountRow, meta: RequestMeta, deviceId?: string): Promise<IssuedLogin> {
    const expiresAt = new Date(Date.now() + sessionDays * 86_400_000);
    const sessionId = await sessions.create({
      accountId: account.id,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    const token = await tokens.sign(account.id, sessionId, expiresAt);
    const device = knownDevices.issue(account, deviceId);
    return { response: loginResponseOf(account, token), sessionId, expiresAt, device };
  }

  return {
    async register(input: RegisterInput, meta: RequestMeta): Promise<IssuedLogin> {
      await assertAcceptablePassword('password', input.password, input.username);
      const tenantId = await accounts.publicTenantId();
      let id: string;
      try {
        id = await accounts.create(
          {
            tenantId,
            username: input.username,
            passwordHash: await passwords.hash(input.password),
            displayName: input.displayName ?? '',
            language: input.language ?? 'en',
            roles: 'user',
          },
          accountCreated,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('username', SERVER_MESSAGES.usernameTaken, 'conflict');
        throw error;
      }
      const account = await accounts.findById(id);
      if (!account) throw new Error('registered account vanished');
      return issue(account, meta);
    },

    async signIn(input: SignInInput, meta: RequestMeta): Promise<IssuedLogin> {
      // Reserved before anything awaits, so parallel guesses are counted before any is checked.
      const cookie = knownDevices.read(meta.knownDevice);
      const device = cookie?.username === input.username.trim().toLowerCase() ? cookie : null;
      let reservation = await throttle.reserve(input.username, meta.ip, device?.deviceId);
      if (!reservation.allowed) throw rateLimited(reservation.retryAfterSeconds);
      const account = await accounts.findByUsername(input.username);
      if (device && account && account.id !== device.accountId) {
        // The name now belongs to another account than the one this browser knew: count it as a stranger.
        reservation = await throttle.reserve(input.username, meta.ip);
        if (!reservation.allowed) throw rateLimited(reservation.retryAfterSeconds);
      }
      const valid = await passwords.verify(account?.passwordHash ?? (await decoyHash), input.password);
      if (!account || !valid) throw new AppError('unauthorized', SERVER_MESSAGES.invalidCredentials);
      if (account.suspendedAt) throw new AppError('forbidden', SERVER_MESSAGES.accountSuspended);
      // A right password must not fail because a counter could not be taken back; it then counts as a failure.
      await reservation.succeeded().catch(() => undefined);
      return issue(account, meta, device?.accountId === account.id ? device.deviceId : undefined);
    },

    /** Revokes the caller's session; the caller tells `app.sessionsRevoked` what was revoked. */
    async signOut(caller: MemberCaller): Promise<RevokedSessions> {
      return { accountId: caller.accountId, sessionIds: await sessions.revoke(caller.sessionId) };
    },

    /** Sets the new password, revokes every other session and returns a fresh one, and what it revoked. */
    async changePassword(
      caller: MemberCaller,
      input: ChangePasswordInput,
      meta: RequestMeta,
    ): Promise<IssuedLogin & { revoked: RevokedSessions }> {
      const account = await accounts.findById(caller.accountId);
      if (!account) throw new AppError('unauthorized', SERVER_MESSAGES.accountGone);
      if (!(await passwords.verify(account.passwordHash, input.currentPassword))) {
        throw fieldError('currentPassword', SERVER_MESSAGES.currentPasswordWrong, 'unauthorized');
      }
      if (input.newPassword === input.currentPassword) {
        throw fieldError('newPassword', SERVER_MESSAGES.passwordUnchanged);
      }
      await assertAcceptablePassword('newPassword', input.newPassword, account.username);
      await accounts.setPasswordHash(account.id, await passwords.hash(input.newPassword));
      // A one-time password is no longer pending once changed.
      const issued = await issue({ ...account, mustChangePassword: false }, meta);
      const revokedIds = await sessions.revokeAllExcept(account.id, issued.sessionId);
      return { ...issued, revoked: { accountId: account.id, sessionIds: revokedIds } };
    },

    me(caller: MemberCaller): Me {
      return {
        username: caller.username,
        displayName: caller.displayName,
        language: caller.language,
        tenant: caller.tenant,
        roles: caller.roles,
        userId: caller.accountId,
        activeSubscriber: caller.activeSubscriber,
        isLoggedIn: true,
        mustChangePassword: caller.mustChangePassword,
        superAdmin: caller.superAdmin,
        sessionId: caller.sessionId,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function rateLimited(seconds: number): AppError {
  return new AppError('rate_limited', `Too many failed sign-ins. Try again in ${seconds} seconds.`, undefined, {
    'retry-after': String(seconds),
  });
}

function loginResponseOf(account: AccountRow, token: string): LoginResponse {
  return {
    username: account.username,
    displayName: account.displayName,
    language: account.language,
    tenant: account.tenant,
    roles: account.roles,
    userId: account.id,
    activeSubscriber: account.activeSubscriber,
    isLoggedIn: true,
    mustChangePassword: account.mustChangePassword,
    token,
    avatarUrl: avatarUrlOf(account.avatarId),
  };
}
