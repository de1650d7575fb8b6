import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isSuperAdmin } from '@tolk/shared/roles';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { ACCESS_TOKEN_COOKIE } from '@tolk/shared/schemas/auth';
import { AppError, unauthorized } from '../errors';
import { LiveCallers } from './live-callers';
import { createSessionsRepository } from './sessions.repository';
import { resolveJwtSecret } from './server-secrets';
import { createTokenService, type TokenService } from './tokens';

/** The signed-in member making the request. */
/**
 * Whoever acts, in one shape from here down to the services, over HTTP and over sockets: a member
 * (a live session of an account) or a plaza guest (a plaza token naming their membership row), or
 * on the few routes open to everyone, an anonymous visitor. Services read the common fields
 * (`Actor`); the kind says which of the others are there.
 */
export interface MemberCaller {
  kind: 'member';
  accountId: string;
  guestMemberId: null;
  sessionId: string;
  username: string;
  displayName: string;
  language: string;
  roles: string;
  tenant: string;
  tenantId: string;
  activeSubscriber: boolean;
  superAdmin: boolean;
  /** Signed in with a one-time password: only routes marked `beforePasswordChange` are open. */
  mustChangePassword: boolean;
  issuedAt: Date;
  expiresAt: Date;
}

export interface GuestCaller {
  kind: 'guest';
  accountId: null;
  /** The plaza membership row their token names. */
  guestMemberId: string;
  /** The plaza the token is good for. */
  conversationId: string;
  /** The plaza's tenant, where it was looked up; null otherwise. */
  tenantId: string | null;
  username: '';
  displayName: string;
  language: string;
  superAdmin: false;
  /** When the token stops being good. */
  expiresAt: Date;
}

export interface AnonymousCaller {
  kind: 'anonymous';
  accountId: null;
  guestMemberId: null;
  tenantId: null;
  username: '';
  displayName: '';
  language: '';
  superAdmin: false;
}

export type Caller = MemberCaller | GuestCaller;
/** Anyone at all: routes open to visitors without a token (opening a guest plaza). */
export type Visitor = Caller | AnonymousCaller;
/** What the rules of a service read of whoever acts. */
export type Actor = Pick<Visitor, 'accountId' | 'guestMemberId' | 'tenantId' | 'language' | 'superAdmin'>;

export const ANONYMOUS: AnonymousCaller = {
  kind: 'anonymous',
  accountId: null,
  guestMemberId: null,
  tenantId: null,
  username: '',
  displayName: '',
  language: '',
  superAdmin: false,
};

/** Sessions of one account that were just revoked (sign-out, password change). */
export interface RevokedSessions {
  accountId: string;
  /** Empty when there was nothing left to revoke. */
  sessionIds: string[];
}

export type SessionsRevokedListener = (revoked: RevokedSessions) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `required`: 401 without a live session; `optional`: resolve one when a token is sent. */
    auth?: 'required' | 'optional';
    /** Open to a member who must still change a one-time password (me, sign-out, change-password). */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The member whose session the request carries (plaza guests are resolved by their module). */
    caller: MemberCaller | null;
  }
  interface FastifyInstance {
    /** The server's signing secret (shared by every instance) and the session tokens made with it. */
    signing: { secret: string; tokens: TokenService };
    /**
     * For transports without HTTP routes (Socket.IO): the member a token stands for; null also
     * while they must change a one-time password (no route of a socket is open to them then).
     */
    callerFromToken(token: string): Promise<MemberCaller | null>;
    /**
     * Subscribes to session revocations, for what outlives a request and must end with its session:
     * the realtime plugin closes the sockets opened with a revoked session.
     */
    onSessionsRevoked(listener: SessionsRevokedListener): void;
    /** Tells the subscribers that sessions were revoked; called by whoever revoked them, after the write. */
    sessionsRevoked(revoked: RevokedSessions): void;
    /** Forgets this instance's cached callers of these sessions (revoked on another instance). */
    forgetSessions(sessionIds: readonly string[]): void;
    /** An account changed what its callers carry (name, language, roles, subscription): read it afresh. */
    accountChanged(accountId: string): void;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often a session's last-seen time is written, at most: "last active" to a few minutes. */
const LAST_SEEN_MINUTES = 5;

interface PresentedToken {
  token: string;
  /** A cookie rides along on cross-site requests by itself; a header never does. */
  fromCookie: boolean;
}

export function presentedToken(request: FastifyRequest): PresentedToken | null {
  const authorization = request.headers.authorization?.trim();
  if (authorization) return { token: authorization.replace(/^bearer\s+/i, ''), fromCookie: false };
  const header = request.headers['x-access-token'];
  const accessToken = (Array.isArray(header) ? header[0] : header)?.trim();
  if (accessToken) return { token: accessToken, fromCookie: false };
  const cookie = request.cookies[ACCESS_TOKEN_COOKIE];
  if (cookie) return { token: cookie, fromCookie: true };
  return null;
}

/** scheme://host[:port] with default ports dropped, so `http://localhost:80` equals `http://localhost`. */
function normalOrigin(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export interface AuthOptions {
  /** JWT_SECRET; when unset, one is made on first start and kept in the database for every instance. */
  jwtSecret: string | undefined;
  /** How long a caller read for a token is used again without a query (0: every request reads it). */
  callerCacheMs?: number;
  /** Extra origins allowed for cookie-authenticated writes (a separate web host, say). */
  publicOrigins: string[];
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const jwtSecret = await resolveJwtSecret(app.db, options.jwtSecret);
    const tokens = createTokenService(jwtSecret);
    app.decorate('signing', { secret: jwtSecret, tokens });
    const sessions = createSessionsRepository(app.db);
    const cached = new LiveCallers<MemberCaller>(options.callerCacheMs ?? 5_000);
    const allowed = new Set(options.publicOrigins.map(normalOrigin).filter((o): o is string => Boolean(o)));

    function assertSameSite(request: FastifyRequest) {
      const origin = normalOrigin(request.headers.origin) ?? normalOrigin(request.headers.referer);
      const own = normalOrigin(`${request.protocol}://${request.host}`);
      if (!origin || (origin !== own && !allowed.has(origin))) {
        throw new AppError(
          'forbidden',
          'A request signed in by cookie alone must come from this site. Send the token in the Authorization header.',
        );
      }
    }

    /** The live session a token stands for, or null (bad signature, expired, revoked). */
    async function liveCaller(token: string): Promise<MemberCaller | null> {
      const known = cached.get(token);
      if (known) return known;
      const claims = await tokens.verify(token);
      const live = claims ? await sessions.findLive(claims.jti, claims.sub) : undefined;
      if (!live) return null;
      if (!live.lastSeenAt || Date.now() - live.lastSeenAt.getTime() > LAST_SEEN_MINUTES * 60_000) {
        await sessions.touch(live.sessionId, LAST_SEEN_MINUTES);
      }
      const caller: MemberCaller = {
        kind: 'member',
        accountId: live.accountId,
        guestMemberId: null,
        sessionId: live.sessionId,
        username: live.username,
        displayName: live.displayName,
        language: live.language,
        roles: live.roles,
        tenant: live.tenant,
        tenantId: live.tenantId,
        activeSubscriber: live.activeSubscriber,
        superAdmin: isSuperAdmin(live),
        mustChangePassword: live.mustChangePassword,
        issuedAt: live.createdAt,
        expiresAt: live.expiresAt,
      };
      cached.set(token, caller);
      return caller;
    }

    async function resolveCaller(request: FastifyRequest): Promise<MemberCaller | null> {
      const presented = presentedToken(request);
      if (!presented) return null;
      const caller = await liveCaller(presented.token);
      if (!caller) throw unauthorized('Your session has ended. Sign in again.');
      if (presented.fromCookie && !SAFE_METHODS.has(request.method)) assertSameSite(request);
      return caller;
    }

    app.decorate('callerFromToken', async (token: string) => {
      const caller = await liveCaller(token);
      return caller?.mustChangePassword ? null : caller;
    });

    const revocationListeners: SessionsRevokedListener[] = [];
    app.decorate('onSessionsRevoked', (listener: SessionsRevokedListener) => {
      revocationListeners.push(listener);
    });
    app.decorate('forgetSessions', (sessionIds: readonly string[]) => {
      cached.forgetSessions(sessionIds);
    });
    app.decorate('accountChanged', (accountId: string) => {
      cached.forgetAccount(accountId);
    });
    app.decorate('sessionsRevoked', (revoked: RevokedSessions) => {
      if (revoked.sessionIds.length === 0) return;
      cached.forgetSessions(revoked.sessionIds);
      for (const listener of revocationListeners) {
        // The sessions are revoked whatever a listener does: its failure must not fail the request.
        try {
          listener(revoked);
        } catch (error) {
          app.log.error({ err: error, accountId: revoked.accountId }, 'a session revocation listener failed');
        }
      }
    });

    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      const mode = request.routeOptions.config.auth;
      if (!mode) return;
      request.caller = await resolveCaller(request);
      if (mode === 'required' && !request.caller) throw unauthorized();
      if (request.caller?.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
        throw new AppError('password_change_required', SERVER_MESSAGES.passwordChangeRequired);
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The member calling a route declared with `config: { auth: 'required' }`. */
export function callerOf(request: FastifyRequest): MemberCaller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
