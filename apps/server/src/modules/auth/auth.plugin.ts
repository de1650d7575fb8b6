import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisScripts } from '../../plugins/window-counter';
import type { AccountCreated } from '../accounts';
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
    await app.register(authRoutes, { prefix: '/api', auth, registerLimit: options.registerLimit });
  },
  { name: 'auth-module', dependencies: ['db', 'auth', 'accounts'], decorators: { fastify: ['signing'] } },
);
