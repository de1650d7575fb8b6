import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_CHANGES_PER_HOUR } from '@tolk/shared/limits';
import fp from 'fastify-plugin';
import type { RedisScripts } from '../../plugins/window-counter';
import { linkOrigin } from '../../http/origins';
import { hashPassword, verifyPassword, type AccountCreated } from '../accounts';
import { createRecovery } from './recovery';
import { recoveryRoutes } from './recovery.routes';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createKnownDevices } from './known-devices';
import { DEFAULT_THROTTLE_LIMITS, redisThrottleStore, SignInThrottle, type ThrottleLimits } from './sign-in-throttle';

export interface AuthModuleOptions {
  sessionDays: number;
  /** What is made with a registering member's account, in its transaction (profiles' `emptyProfile`). */
  accountCreated: AccountCreated;
  /** Registrations per address per window. */
  registerLimit: { max: number; timeWindow: number };
  signInThrottle?: ThrottleLimits;
  /** Redis, when configured: the sign-in throttle's counts are then shared by every instance. */
  counters?: RedisScripts;
  /** Where mailed links point (http/origins.ts linkOrigin). */
  links: { publicUrl: string | undefined; publicOrigins: readonly string[]; port: number };
  /** Forgotten-password requests per address per hour. */
  forgotLimit: { max: number; timeWindow: number };
}

/**
 * Signing in and out, registering and changing one's password. Sessions and callers themselves
 * are the cross-cutting `auth` plugin's (`plugins/auth.ts`); accounts are asked of `accounts`.
 */
export const authModule = fp(
  async (app: FastifyInstance, options: AuthModuleOptions) => {
    const auth = createAuthService({
      db: app.db,
      tokens: app.signing.tokens,
      throttle: new SignInThrottle(options.signInThrottle ?? DEFAULT_THROTTLE_LIMITS, {
        ...(options.counters ? { store: redisThrottleStore(options.counters) } : {}),
      }),
      knownDevices: createKnownDevices(app.signing.secret),
      sessionDays: options.sessionDays,
      accountCreated: options.accountCreated,
    });
    const recovery = createRecovery({
      db: app.db,
      mail: app.mail,
      outbox: app.outbox,
      passwords: { hash: hashPassword, verify: verifyPassword },
      log: app.log,
    });
    const originOf = (request: FastifyRequest) => linkOrigin(request, options.links);
    await app.register(authRoutes, {
      prefix: '/api',
      auth,
      registerLimit: options.registerLimit,
      // An address given at registration is mailed its link to verify it, as one set later is.
      registered: async (request, accountId, email) => {
        await recovery.setEmail(accountId, email, originOf(request));
      },
    });
    await app.register(recoveryRoutes, {
      prefix: '/api',
      recovery,
      originOf,
      forgotLimit: options.forgotLimit,
      emailLimit: { max: EMAIL_CHANGES_PER_HOUR, timeWindow: 60 * 60_000 },
    });
  },
  {
    name: 'auth-module',
    dependencies: ['db', 'auth', 'outbox', 'mail', 'accounts'],
    decorators: { fastify: ['signing', 'outbox', 'mail'] },
  },
);
