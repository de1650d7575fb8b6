import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are argon2id with the OWASP parameters: 19 MiB, 2 iterations, 1 lane', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('are salted, and verify only the password they were made from', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'same password')).toBe(true);
    expect(await verifyPassword(first, 'Same password')).toBe(false);
    expect(await verifyPassword('not a hash', 'same password')).toBe(false);
  });
});
