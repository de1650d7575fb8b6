import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tolk';
const AUDIENCE = 'tolk';

export interface TokenClaims {
  /** Account id. */
  sub: string;
  /** Session row id: revoking the row revokes the token. */
  jti: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  sign(accountId: string, sessionId: string, expiresAt: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token, else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: given raw bytes, jose imports the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign(accountId, sessionId, expiresAt) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(accountId)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (!payload.sub || !payload.jti || !payload.iat || !payload.exp) return null;
        return { sub: payload.sub, jti: payload.jti, iat: payload.iat, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
