import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tolk';
/** A different audience from member tokens: a plaza token never passes as a session, or back. */
const AUDIENCE = 'tolk-plaza';

export interface PlazaTokenClaims {
  memberId: string;
  conversationId: string;
}

export interface VerifiedPlazaToken extends PlazaTokenClaims {
  /** When the token stops working: the guest's access ends then, whatever the plaza does. */
  expiresAt: Date;
}

export function createPlazaTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: PlazaTokenClaims, expiresAt: Date) {
      return new SignJWT({ cid: claims.conversationId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.memberId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<VerifiedPlazaToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (!payload.sub || typeof payload.cid !== 'string' || typeof payload.exp !== 'number') return null;
        return { memberId: payload.sub, conversationId: payload.cid, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}

export type PlazaTokens = ReturnType<typeof createPlazaTokens>;
