import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../test/build-app';
import { newAccount, uniqueUsername } from '../../test/factories';
import { emptyProfile } from '../profiles/profiles.service';
import { createAuthService } from './auth.service';
import { createKnownDevices } from './known-devices';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { SignInThrottle } from './sign-in-throttle';
import { createTokenService } from '../../plugins/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const secret = 'unknown-user-test-secret-of-32-chars!';
const meta = { ip: '192.0.2.50', userAgent: 'test' };

describe('an unknown username costs the same work as a known one', () => {
  it('hashes the decoy up front and runs argon2 verify against it for every unknown name', async () => {
    const hash = vi.fn(hashPassword);
    const verify = vi.fn(verifyPassword);
    const auth = createAuthService({
      db: t.database.db,
      tokens: createTokenService(secret),
      throttle: new SignInThrottle(),
      knownDevices: createKnownDevices(secret),
      sessionDays: 1,
      accountCreated: emptyProfile,
      passwords: { hash, verify },
    });
    // Made when the service is, so the first unknown name is not the slow (and telling) one.
    expect(hash).toHaveBeenCalledTimes(1);
    const decoy = await (hash.mock.results[0]?.value as Promise<string>);
    expect(decoy.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);

    for (const password of ['first guess!', 'second guess']) {
      await expect(auth.signIn({ username: uniqueUsername('ghost'), password }, meta)).rejects.toMatchObject({
        code: 'unauthorized',
      });
      expect(verify).toHaveBeenLastCalledWith(decoy, password);
    }
    expect(verify).toHaveBeenCalledTimes(2);
    expect(hash).toHaveBeenCalledTimes(1);

    // A known name with a wrong password takes the same single verify, against its own hash.
    const member = await newAccount(t.app);
    await expect(auth.signIn({ username: member.username, password: 'wrong password' }, meta)).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(verify).toHaveBeenCalledTimes(3);
    expect(verify.mock.lastCall?.[0]).toMatch(/^\$argon2id\$/);
    expect(verify.mock.lastCall?.[0]).not.toBe(decoy);
  });
});
