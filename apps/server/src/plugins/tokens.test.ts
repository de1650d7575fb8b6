import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, verifyHs256 } from './tokens';

const SECRET = 'a-secret-of-enough-length-for-hs256-0123456789';
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const account = randomUUID();
const session = randomUUID();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A token as jose writes one, with any header and claims. */
function signed(header: Record<string, unknown>, claims: Record<string, unknown>, secret = SECRET) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .sign(createSecretKey(Buffer.from(secret, 'utf8')));
}

const good = { iss: 'tolk', aud: 'tolk', sub: account, jti: session, iat: 1_700_000_000 };

describe('session tokens', () => {
  it('reads back what it signed', async () => {
    const tokens = createTokenService(SECRET);
    const exp = inAnHour();
    const claims = await tokens.verify(await tokens.sign(account, session, new Date(exp * 1000)));
    expect(claims).toMatchObject({ sub: account, jti: session, exp });
  });

  it('refuses a token signed with another key, changed after signing, or cut', async () => {
    const token = await signed({}, { ...good, exp: inAnHour() });
    expect(verifyHs256(token, key)).not.toBeNull();
    expect(verifyHs256(await signed({}, { ...good, exp: inAnHour() }, `${SECRET}!`), key)).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ ...good, sub: randomUUID(), exp: inAnHour() })).toString('base64url');
    expect(verifyHs256(`${header}.${other}.${signature}`, key)).toBeNull();
    expect(verifyHs256(`${header}.${payload}.${signature.slice(0, -2)}`, key)).toBeNull();
    expect(verifyHs256(`${header}.${payload}.${signature}=`, key)).toBeNull();
    expect(verifyHs256(`${header}.${payload}`, key)).toBeNull();
    expect(verifyHs256('', key)).toBeNull();
  });

  it('refuses another algorithm, a critical header, and "none"', async () => {
    expect(verifyHs256(await signed({ alg: 'HS512' }, { ...good, exp: inAnHour() }), key)).toBeNull();
    expect(verifyHs256(await signed({ crit: ['b64'], b64: true }, { ...good, exp: inAnHour() }), key)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...good, exp: inAnHour() })).toString('base64url')}.`;
    expect(verifyHs256(none, key)).toBeNull();
  });

  it('refuses an expired or not yet valid token, another issuer or audience, and missing claims', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyHs256(await signed({}, { ...good, exp: now - 1 }), key)).toBeNull();
    expect(verifyHs256(await signed({}, { ...good, exp: inAnHour(), nbf: now + 60 }), key)).toBeNull();
    expect(verifyHs256(await signed({}, { ...good, exp: inAnHour(), iss: 'other' }), key)).toBeNull();
    expect(verifyHs256(await signed({}, { ...good, exp: inAnHour(), aud: 'other' }), key)).toBeNull();
    expect(verifyHs256(await signed({}, { ...good, exp: inAnHour(), aud: ['other', 'tolk'] }), key)).not.toBeNull();
    for (const missing of ['sub', 'jti', 'iat'] as const) {
      const claims = Object.fromEntries(
        Object.entries({ ...good, exp: inAnHour() }).filter(([name]) => name !== missing),
      );
      expect(verifyHs256(await signed({}, claims), key)).toBeNull();
    }
    expect(verifyHs256(await signed({}, { ...good }), key)).toBeNull();
  });
});
