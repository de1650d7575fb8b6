import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

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
    verify(token) {
      return Promise.resolve(verifyHs256(token, key));
    },
  };
}

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a token as jose's jwtVerify would with HS256, issuer and audience "tolk", but on this
 * thread: WebCrypto's HMAC runs on libuv's pool of four threads, and after a restart thousands of
 * sockets' tokens queued there behind the warm-up's file reads and inflates (bench/sockets.ts:
 * connections took 30 s and more to be accepted). The signature is compared in constant time, in
 * its exact base64url form; the header must say HS256 and name nothing critical.
 */
export function verifyHs256(token: string, key: KeyObject, nowSeconds = Date.now() / 1000): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = decodeJson(header);
    const claims = decodeJson(payload);
    if (!isRecord(head) || head.alg !== 'HS256' || 'crit' in head || !isRecord(claims)) return null;
    const { iss, aud, sub, jti, iat, exp, nbf } = claims;
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (iss !== ISSUER || !audiences.includes(AUDIENCE)) return null;
    if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti) return null;
    if (typeof iat !== 'number' || typeof exp !== 'number' || !iat || exp <= nowSeconds) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    return { sub, jti, iat, exp };
  } catch {
    return null;
  }
}
